/**
 * Majors of the Ministry of Education's undergraduate catalogue (普通高等学校本科专业目录, 2020
 * edition), for the "related majors" of AI content. Only majors whose code, 专业类 and 学科门类 are
 * certain are listed; a major code keeps its suffix (T = 特设专业, K = 国家控制布点专业) as the
 * catalogue prints it. The first four digits of a code are its 专业类, the first two its 学科门类.
 *
 * matchMajors picks 2–5 for a course: the 学科门类 (and 专业类) its subject names, then the majors
 * whose names are closest to the course's catalogue trail, name and key concepts.
 */

export interface Major {
  code: string;
  name: string;
  /** 专业类, e.g. 马克思主义理论类 */
  majorClass: string;
  /** 学科门类, e.g. 法学 */
  discipline: string;
}

/** 学科门类 by their two-digit code */
const DISCIPLINES: Record<string, string> = {
  '01': '哲学',
  '02': '经济学',
  '03': '法学',
  '04': '教育学',
  '05': '文学',
  '06': '历史学',
  '07': '理学',
  '08': '工学',
  '09': '农学',
  '10': '医学',
  '12': '管理学',
  '13': '艺术学',
};

/** 专业类 by their four-digit code, each with its majors as [code, name] */
const CLASSES: Record<string, [className: string, majors: [string, string][]]> = {
  '0101': [
    '哲学类',
    [
      ['010101', '哲学'],
      ['010102', '逻辑学'],
      ['010103K', '宗教学'],
      ['010104T', '伦理学'],
    ],
  ],
  '0201': [
    '经济学类',
    [
      ['020101', '经济学'],
      ['020102', '经济统计学'],
      ['020103T', '国民经济管理'],
      ['020104T', '资源与环境经济学'],
      ['020105T', '商务经济学'],
      ['020106T', '能源经济'],
      ['020109T', '数字经济'],
    ],
  ],
  '0202': [
    '财政学类',
    [
      ['020201K', '财政学'],
      ['020202', '税收学'],
    ],
  ],
  '0203': [
    '金融学类',
    [
      ['020301K', '金融学'],
      ['020302', '金融工程'],
      ['020303', '保险学'],
      ['020304', '投资学'],
      ['020305T', '金融数学'],
      ['020306T', '信用管理'],
      ['020307T', '经济与金融'],
    ],
  ],
  '0204': [
    '经济与贸易类',
    [
      ['020401', '国际经济与贸易'],
      ['020402', '贸易经济'],
    ],
  ],
  '0301': [
    '法学类',
    [
      ['030101K', '法学'],
      ['030102T', '知识产权'],
      ['030103T', '监狱学'],
    ],
  ],
  '0302': [
    '政治学类',
    [
      ['030201', '政治学与行政学'],
      ['030202', '国际政治'],
      ['030203', '外交学'],
    ],
  ],
  '0303': [
    '社会学类',
    [
      ['030301', '社会学'],
      ['030302', '社会工作'],
      ['030303T', '人类学'],
    ],
  ],
  '0304': ['民族学类', [['030401', '民族学']]],
  '0305': [
    '马克思主义理论类',
    [
      ['030501', '科学社会主义'],
      ['030502', '中国共产党历史'],
      ['030503', '思想政治教育'],
      ['030504T', '马克思主义理论'],
    ],
  ],
  '0401': [
    '教育学类',
    [
      ['040101', '教育学'],
      ['040102', '科学教育'],
      ['040103', '人文教育'],
      ['040104', '教育技术学'],
      ['040106', '学前教育'],
      ['040107', '小学教育'],
      ['040108', '特殊教育'],
    ],
  ],
  '0402': [
    '体育学类',
    [
      ['040201', '体育教育'],
      ['040202K', '运动训练'],
      ['040203', '社会体育指导与管理'],
      ['040204K', '武术与民族传统体育'],
      ['040205', '运动人体科学'],
      ['040206T', '运动康复'],
    ],
  ],
  '0501': [
    '中国语言文学类',
    [
      ['050101', '汉语言文学'],
      ['050102', '汉语言'],
      ['050103', '汉语国际教育'],
      ['050104', '中国少数民族语言文学'],
      ['050105', '古典文献学'],
      ['050106T', '应用语言学'],
      ['050107T', '秘书学'],
    ],
  ],
  '0502': [
    '外国语言文学类',
    [
      ['050201', '英语'],
      ['050202', '俄语'],
      ['050203', '德语'],
      ['050204', '法语'],
      ['050205', '西班牙语'],
      ['050206', '阿拉伯语'],
      ['050207', '日语'],
      ['050261', '翻译'],
      ['050262', '商务英语'],
    ],
  ],
  '0503': [
    '新闻传播学类',
    [
      ['050301', '新闻学'],
      ['050302', '广播电视学'],
      ['050303', '广告学'],
      ['050304', '传播学'],
      ['050305', '编辑出版学'],
      ['050306T', '网络与新媒体'],
      ['050307T', '数字出版'],
    ],
  ],
  '0601': [
    '历史学类',
    [
      ['060101', '历史学'],
      ['060102', '世界史'],
      ['060103', '考古学'],
      ['060104', '文物与博物馆学'],
      ['060105T', '文物保护技术'],
    ],
  ],
  '0701': [
    '数学类',
    [
      ['070101', '数学与应用数学'],
      ['070102', '信息与计算科学'],
      ['070103T', '数理基础科学'],
    ],
  ],
  '0702': [
    '物理学类',
    [
      ['070201', '物理学'],
      ['070202', '应用物理学'],
      ['070203', '核物理'],
    ],
  ],
  '0703': [
    '化学类',
    [
      ['070301', '化学'],
      ['070302', '应用化学'],
      ['070303T', '化学生物学'],
      ['070304T', '分子科学与工程'],
    ],
  ],
  '0704': ['天文学类', [['070401', '天文学']]],
  '0705': [
    '地理科学类',
    [
      ['070501', '地理科学'],
      ['070502', '自然地理与资源环境'],
      ['070503', '人文地理与城乡规划'],
      ['070504', '地理信息科学'],
    ],
  ],
  '0706': [
    '大气科学类',
    [
      ['070601', '大气科学'],
      ['070602', '应用气象学'],
    ],
  ],
  '0707': ['海洋科学类', [['070701', '海洋科学']]],
  '0709': ['地质学类', [['070901', '地质学']]],
  '0710': [
    '生物科学类',
    [
      ['071001', '生物科学'],
      ['071002', '生物技术'],
      ['071003', '生物信息学'],
      ['071004', '生态学'],
    ],
  ],
  '0711': [
    '心理学类',
    [
      ['071101', '心理学'],
      ['071102', '应用心理学'],
    ],
  ],
  '0712': [
    '统计学类',
    [
      ['071201', '统计学'],
      ['071202', '应用统计学'],
    ],
  ],
  '0801': [
    '力学类',
    [
      ['080101', '理论与应用力学'],
      ['080102', '工程力学'],
    ],
  ],
  '0802': [
    '机械类',
    [
      ['080201', '机械工程'],
      ['080202', '机械设计制造及其自动化'],
      ['080203', '材料成型及控制工程'],
      ['080204', '机械电子工程'],
      ['080205', '工业设计'],
      ['080207', '车辆工程'],
      ['080213T', '智能制造工程'],
    ],
  ],
  '0803': ['仪器类', [['080301', '测控技术与仪器']]],
  '0804': ['材料类', [['080401', '材料科学与工程']]],
  '0805': ['能源动力类', [['080501', '能源与动力工程']]],
  '0806': ['电气类', [['080601', '电气工程及其自动化']]],
  '0807': [
    '电子信息类',
    [
      ['080701', '电子信息工程'],
      ['080702', '电子科学与技术'],
      ['080703', '通信工程'],
      ['080704', '微电子科学与工程'],
      ['080705', '光电信息科学与工程'],
      ['080706', '信息工程'],
      ['080710T', '集成电路设计与集成系统'],
      ['080717T', '人工智能'],
    ],
  ],
  '0808': ['自动化类', [['080801', '自动化']]],
  '0809': [
    '计算机类',
    [
      ['080901', '计算机科学与技术'],
      ['080902', '软件工程'],
      ['080903', '网络工程'],
      ['080904K', '信息安全'],
      ['080905', '物联网工程'],
      ['080906', '数字媒体技术'],
      ['080907T', '智能科学与技术'],
      ['080910T', '数据科学与大数据技术'],
      ['080911TK', '网络空间安全'],
    ],
  ],
  '0810': [
    '土木类',
    [
      ['081001', '土木工程'],
      ['081002', '建筑环境与能源应用工程'],
      ['081003', '给排水科学与工程'],
      ['081004', '建筑电气与智能化'],
      ['081006T', '道路桥梁与渡河工程'],
      ['081008T', '智能建造'],
    ],
  ],
  '0811': ['水利类', [['081101', '水利水电工程']]],
  '0812': ['测绘类', [['081201', '测绘工程']]],
  '0813': [
    '化工与制药类',
    [
      ['081301', '化学工程与工艺'],
      ['081302', '制药工程'],
    ],
  ],
  '0825': [
    '环境科学与工程类',
    [
      ['082501', '环境科学与工程'],
      ['082502', '环境工程'],
      ['082503', '环境科学'],
      ['082504', '环境生态工程'],
    ],
  ],
  '0826': ['生物医学工程类', [['082601', '生物医学工程']]],
  '0828': [
    '建筑类',
    [
      ['082801', '建筑学'],
      ['082802', '城乡规划'],
      ['082803', '风景园林'],
    ],
  ],
  '0830': ['生物工程类', [['083001', '生物工程']]],
  '0901': [
    '植物生产类',
    [
      ['090101', '农学'],
      ['090102', '园艺'],
      ['090103', '植物保护'],
      ['090104', '植物科学与技术'],
      ['090105', '种子科学与工程'],
      ['090106', '设施农业科学与工程'],
      ['090107T', '茶学'],
    ],
  ],
  '0902': [
    '自然保护与环境生态类',
    [
      ['090201', '农业资源与环境'],
      ['090202', '野生动物与自然保护区管理'],
      ['090203', '水土保持与荒漠化防治'],
    ],
  ],
  '0903': ['动物生产类', [['090301', '动物科学']]],
  '0904': ['动物医学类', [['090401', '动物医学']]],
  '0905': [
    '林学类',
    [
      ['090501', '林学'],
      ['090502', '园林'],
      ['090503', '森林保护'],
    ],
  ],
  '0906': ['水产类', [['090601', '水产养殖学']]],
  '0907': ['草学类', [['090701', '草业科学']]],
  '1001': ['基础医学类', [['100101K', '基础医学']]],
  '1002': [
    '临床医学类',
    [
      ['100201K', '临床医学'],
      ['100202TK', '麻醉学'],
      ['100203TK', '医学影像学'],
      ['100205TK', '精神医学'],
    ],
  ],
  '1003': ['口腔医学类', [['100301K', '口腔医学']]],
  '1004': [
    '公共卫生与预防医学类',
    [
      ['100401K', '预防医学'],
      ['100402', '食品卫生与营养学'],
      ['100403TK', '妇幼保健医学'],
      ['100404TK', '卫生监督'],
    ],
  ],
  '1005': [
    '中医学类',
    [
      ['100501K', '中医学'],
      ['100502K', '针灸推拿学'],
    ],
  ],
  '1006': ['中西医结合类', [['100601K', '中西医临床医学']]],
  '1007': [
    '药学类',
    [
      ['100701', '药学'],
      ['100702', '药物制剂'],
    ],
  ],
  '1008': [
    '中药学类',
    [
      ['100801', '中药学'],
      ['100802', '中药资源与开发'],
    ],
  ],
  '1009': ['法医学类', [['100901K', '法医学']]],
  '1010': [
    '医学技术类',
    [
      ['101001', '医学检验技术'],
      ['101003', '医学影像技术'],
      ['101005', '康复治疗学'],
    ],
  ],
  '1011': [
    '护理学类',
    [
      ['101101', '护理学'],
      ['101102T', '助产学'],
    ],
  ],
  '1201': [
    '管理科学与工程类',
    [
      ['120101', '管理科学'],
      ['120102', '信息管理与信息系统'],
      ['120103', '工程管理'],
      ['120105', '工程造价'],
      ['120108T', '大数据管理与应用'],
    ],
  ],
  '1202': [
    '工商管理类',
    [
      ['120201K', '工商管理'],
      ['120202', '市场营销'],
      ['120203K', '会计学'],
      ['120204', '财务管理'],
      ['120205', '国际商务'],
      ['120206', '人力资源管理'],
      ['120207', '审计学'],
      ['120210', '文化产业管理'],
    ],
  ],
  '1203': [
    '农业经济管理类',
    [
      ['120301', '农林经济管理'],
      ['120302', '农村区域发展'],
    ],
  ],
  '1204': [
    '公共管理类',
    [
      ['120401', '公共事业管理'],
      ['120402', '行政管理'],
      ['120403', '劳动与社会保障'],
      ['120404', '土地资源管理'],
      ['120405', '城市管理'],
      ['120410T', '健康服务与管理'],
    ],
  ],
  '1205': [
    '图书情报与档案管理类',
    [
      ['120501', '图书馆学'],
      ['120502', '档案学'],
      ['120503', '信息资源管理'],
    ],
  ],
  '1206': [
    '物流管理与工程类',
    [
      ['120601', '物流管理'],
      ['120602', '物流工程'],
    ],
  ],
  '1207': ['工业工程类', [['120701', '工业工程']]],
  '1208': ['电子商务类', [['120801', '电子商务']]],
  '1209': [
    '旅游管理类',
    [
      ['120901K', '旅游管理'],
      ['120902', '酒店管理'],
      ['120903', '会展经济与管理'],
    ],
  ],
  '1301': ['艺术学理论类', [['130101', '艺术史论']]],
  '1302': [
    '音乐与舞蹈学类',
    [
      ['130201', '音乐表演'],
      ['130202', '音乐学'],
      ['130203', '作曲与作曲技术理论'],
      ['130204', '舞蹈表演'],
      ['130205', '舞蹈学'],
      ['130206', '舞蹈编导'],
    ],
  ],
  '1303': [
    '戏剧与影视学类',
    [
      ['130301', '表演'],
      ['130302', '戏剧学'],
      ['130303', '电影学'],
      ['130304', '戏剧影视文学'],
      ['130305', '广播电视编导'],
      ['130306', '戏剧影视导演'],
      ['130309', '播音与主持艺术'],
      ['130310', '动画'],
    ],
  ],
  '1304': [
    '美术学类',
    [
      ['130401', '美术学'],
      ['130402', '绘画'],
      ['130403', '雕塑'],
      ['130404', '摄影'],
      ['130405T', '书法学'],
      ['130406T', '中国画'],
    ],
  ],
  '1305': [
    '设计学类',
    [
      ['130501', '艺术设计学'],
      ['130502', '视觉传达设计'],
      ['130503', '环境设计'],
      ['130504', '产品设计'],
      ['130505', '服装与服饰设计'],
      ['130506', '公共艺术'],
      ['130507', '工艺美术'],
      ['130508', '数字媒体艺术'],
    ],
  ],
};

export const MAJORS: readonly Major[] = Object.entries(CLASSES).flatMap(([classCode, [majorClass, majors]]) =>
  majors.map(([code, name]) => {
    if (!code.startsWith(classCode)) throw new Error(`major ${code} ${name} is not of class ${classCode}`);
    return { code, name, majorClass, discipline: DISCIPLINES[classCode.slice(0, 2)]! };
  }),
);

const BY_CODE = new Map(MAJORS.map((m) => [m.code, m]));
export const majorByCode = (code: string): Major | undefined => BY_CODE.get(code);

/**
 * Subject names that are not a 学科门类's own name, mapped to 专业类 codes. The platform's own
 * subject 思政 (ideological and political education) is taught by 马克思主义理论类.
 */
const SUBJECT_ALIASES: Record<string, string[]> = {
  思政: ['0305'],
  思想政治: ['0305'],
  马克思主义理论: ['0305'],
  党史: ['0305'],
};

/** the major a subject is first of all about: 思政 → 思想政治教育; else the major named like the subject (哲学 → 哲学) */
function primaryMajorOf(subject: string): string | undefined {
  if (SUBJECT_ALIASES[subject.trim()]) return '030503';
  return MAJORS.find((m) => m.name === subject.trim())?.code;
}

/** the 专业类 codes a subject (a level-1 catalogue name) stands for; empty when it names none */
export function classesOfSubject(subject: string): string[] {
  const alias = SUBJECT_ALIASES[subject.trim()];
  if (alias) return alias;
  const discipline = Object.entries(DISCIPLINES).find(([, name]) => name === subject.trim());
  return discipline ? Object.keys(CLASSES).filter((code) => code.startsWith(discipline[0])) : [];
}

const bigrams = (text: string): Set<string> => {
  const chars = [...text.replace(/[^\p{Script=Han}\p{L}\p{N}]/gu, '')];
  const out = new Set<string>();
  for (let i = 0; i + 1 < chars.length; i++) out.add(chars[i]! + chars[i + 1]!);
  return out;
};

/**
 * How many major names share each character pair: a pair many names share (理学 in 物理学 and
 * 心理学, 医学, 工程) says little, so coverage weighs each pair by its rarity.
 */
const PAIR_SPREAD = new Map<string, number>();
for (const major of MAJORS)
  for (const pair of bigrams(major.name)) PAIR_SPREAD.set(pair, (PAIR_SPREAD.get(pair) ?? 0) + 1);
const pairWeight = (pair: string) => 1 / (PAIR_SPREAD.get(pair) ?? 1);

/** how much of the major's name the text says, 0..1: the whole name contained counts 1, else its rarity-weighted pairs */
function nameCoverage(majorName: string, text: string, textBigrams: Set<string>): number {
  if (majorName.length >= 2 && text.includes(majorName)) return 1;
  let hit = 0;
  let all = 0;
  for (const pair of bigrams(majorName)) {
    all += pairWeight(pair);
    if (textBigrams.has(pair)) hit += pairWeight(pair);
  }
  return all === 0 ? 0 : hit / all;
}

export interface MajorQuery {
  /** from the subject (level 1) down to the course's own catalogue */
  catalogueTrail: string[];
  courseName: string;
  /** key concepts of the video, most telling first */
  keywords: string[];
}

export const MIN_RELATED_MAJORS = 2;
export const MAX_RELATED_MAJORS = 5;

/**
 * 2–5 majors for a course: scored by how much of each major's name the catalogue trail below
 * the subject says (most), the course name and key concepts say (less), with a bonus for the
 * subject's own 专业类. Majors outside the subject's classes are kept only when their name is
 * (nearly) spelled out by the trail or the course, so a 思政 course on political economy may
 * bring 经济学 while unrelated names never come in on one shared character pair.
 */
export function matchMajors(query: MajorQuery): Major[] {
  const [subject = '', ...below] = query.catalogueTrail;
  const own = new Set(classesOfSubject(subject));
  const primary = primaryMajorOf(subject);
  const trailText = below.join(' ');
  const courseText = query.courseName;
  const conceptText = query.keywords.join(' ');
  const trailBigrams = bigrams(trailText);
  const courseBigrams = bigrams(courseText);
  const conceptBigrams = bigrams(conceptText);

  const scored = MAJORS.map((major, index) => {
    const trail = nameCoverage(major.name, trailText, trailBigrams);
    const course = nameCoverage(major.name, courseText, courseBigrams);
    const concept = nameCoverage(major.name, conceptText, conceptBigrams);
    // a 专业类 the trail names outright (外国语言文学, 设计学) brings all of its majors close
    const klass = trailText.includes(major.majorClass.replace(/类$/, '')) ? 2 : 0;
    const inOwn = own.has(major.code.slice(0, 4));
    const fit = 3 * trail + 2 * course + concept + klass + (major.code === primary ? 1.5 : 0);
    return { major, index, inOwn, fit, strong: Math.max(trail, course) >= 0.99 };
  });
  const eligible = scored.filter((s) => (s.inOwn ? true : s.strong));
  eligible.sort((a, b) => Number(b.inOwn) * 2 + b.fit - (Number(a.inOwn) * 2 + a.fit) || a.index - b.index);
  const relevant = eligible.filter((s) => s.fit > 0 || s.inOwn);
  const picked = relevant.filter((s) => s.fit >= 1.5).slice(0, MAX_RELATED_MAJORS);
  for (const s of relevant) {
    if (picked.length >= MIN_RELATED_MAJORS) break;
    if (!picked.includes(s)) picked.push(s);
  }
  // a subject the catalogue does not name: the majors closest by name over the whole list
  if (picked.length < MIN_RELATED_MAJORS) {
    const rest = scored.filter((s) => !picked.includes(s)).sort((a, b) => b.fit - a.fit || a.index - b.index);
    picked.push(...rest.slice(0, MIN_RELATED_MAJORS - picked.length));
  }
  return picked.map((s) => s.major);
}
