/**
 * The development set for the AI Q&A over the demo lectures: student questions as they are typed
 * after a lecture, written by hand from the concept banks the demo transcripts are built from
 * (upstream/src/demo/text/*.ts), in six kinds: the concept named in the student's own words
 * (paraphrase), described without its name (indirect), a person or work under another name
 * (alias), chatty (colloquial), two concepts side by side (comparison) and things no lecture covers
 * (offcorpus).
 *
 * Expected videos are never fixed ids: at run time each answer, an exact substring of a concept's
 * gloss, is looked up in the generated transcripts (expected.ts), and the videos whose transcript
 * contains it are the right ones (the same concept is lectured in several courses). Each answer
 * occurs only in sentences that define its own concept. Off-corpus questions have no answers.
 */

export type EvalKind =
  | 'paraphrase'
  | 'indirect'
  | 'alias'
  | 'colloquial'
  | 'comparison'
  | 'offcorpus'
  // the held-out set's (heldout.ts) further kinds
  | 'short'
  | 'typo'
  | 'traditional'
  | 'rambling'
  | 'example'
  | 'english'
  | 'followup';

export interface EvalQuestion {
  question: string;
  kind: EvalKind;
  /**
   * Exact substrings of demo lecture transcripts that answer the question (each at least 4 characters,
   * taken from a concept's gloss, distinctive enough that it appears only in transcripts of lectures
   * about that concept). One entry normally; a comparison has one entry per side (two or more).
   * [] for off-corpus questions.
   */
  answers: string[];
  /**
   * asked from this lecture's play page (the AI drawer sends its videoId and courseId): the first
   * demo video whose name contains this term
   */
  watching?: string;
}

export const QUESTIONS: readonly EvalQuestion[] = [
  // ── paraphrase: the concept named, the question in the student's own words ──
  // 思政
  {
    question: '实践为什么被说成是一种客观物质性的活动，它有哪些基本特点',
    kind: 'paraphrase',
    answers: ['直接现实性、自觉能动性和社会历史性'],
  },
  { question: '否定之否定规律为什么说事物的发展是螺旋式的？', kind: 'paraphrase', answers: ['螺旋式上升、波浪式前进'] },
  {
    question: '马克思为什么那么看重劳动二重性，它在政治经济学里起什么作用',
    kind: 'paraphrase',
    answers: ['理解政治经济学的枢纽'],
  },
  { question: '剩余价值是谁创造出来的，最后又归了谁？', kind: 'paraphrase', answers: ['被资本家无偿占有'] },
  { question: '马克思从巴黎公社那里总结出了什么经验', kind: 'paraphrase', answers: ['打碎旧的国家机器'] },
  { question: '科学发展观的第一要义和核心分别是什么', kind: 'paraphrase', answers: ['第一要义是发展'] },
  {
    question: '新发展理念的五个方面里，哪一个被放在第一动力的位置？',
    kind: 'paraphrase',
    answers: ['创新是引领发展的第一动力'],
  },
  { question: '为什么说鸦片战争之后中国的社会性质变了', kind: 'paraphrase', answers: ['逐步沦为半殖民地半封建社会'] },
  { question: '解放战争的三大战役分别是哪几场', kind: 'paraphrase', answers: ['辽沈战役、淮海战役和平津战役'] },
  { question: '焦裕禄在兰考主要带着群众治理了哪些问题？', kind: 'paraphrase', answers: ['治理风沙、内涝和盐碱'] },
  { question: '全民国家安全教育日定在每年哪一天呢', kind: 'paraphrase', answers: ['设在每年4月15日'] },
  { question: '古人是根据什么来划分二十四节气的', kind: 'paraphrase', answers: ['太阳在黄道上的位置'] },
  // 哲学
  { question: '阿多诺和霍克海默为什么要批判文化工业？', kind: 'paraphrase', answers: ['大众文化的标准化和商品化'] },
  { question: '朱熹是怎么解释格物致知的', kind: 'paraphrase', answers: ['即物穷理'] },
  { question: '1923年那场科玄论战到底在争什么', kind: 'paraphrase', answers: ['科学能否解决人生观问题'] },
  {
    question: '柏拉图的理念论为什么认为我们看到的具体东西不是最真实的',
    kind: 'paraphrase',
    answers: ['永恒理念的摹本'],
  },
  { question: '洞穴比喻里囚徒走出洞穴象征的是什么？', kind: 'paraphrase', answers: ['灵魂从意见上升到真理'] },
  { question: '海德格尔讲的此在，基本结构是什么', kind: 'paraphrase', answers: ['在世界之中存在'] },
  {
    question: '按照波普尔的证伪主义，怎么判断一个理论算不算科学',
    kind: 'paraphrase',
    answers: ['原则上可以被经验反驳'],
  },
  { question: '归纳推理得出的结论一定靠得住吗', kind: 'paraphrase', answers: ['结论具有或然性'] },
  {
    question: '康德说审美无利害，是说审美的时候没有任何欲求吗？',
    kind: 'paraphrase',
    answers: ['不涉及对对象实际存在的欲求'],
  },
  // 经济学
  { question: '两个毫不动摇分别针对的是哪两类经济', kind: 'paraphrase', answers: ['毫不动摇巩固和发展公有制经济'] },
  {
    question: '布雷顿森林体系是以什么为中心的国际货币体系，后来怎么样了',
    kind: 'paraphrase',
    answers: ['以美元为中心的国际货币体系'],
  },
  { question: '京津冀协同发展最核心的任务是什么？', kind: 'paraphrase', answers: ['疏解北京非首都功能'] },
  { question: '市场结构一般分成哪几种类型', kind: 'paraphrase', answers: ['完全竞争、垄断竞争、寡头垄断和完全垄断'] },
  { question: '债券久期是用来衡量什么的', kind: 'paraphrase', answers: ['债券价格对利率变动的敏感程度'] },
  // 法学
  { question: '法律关系由哪几个要素构成', kind: 'paraphrase', answers: ['主体、客体和内容三要素'] },
  { question: '法官解释法律条文的时候一般有哪些方法？', kind: 'paraphrase', answers: ['文义解释、体系解释、目的解释'] },
  { question: '政府信息公开遵循的是什么原则', kind: 'paraphrase', answers: ['以公开为常态、不公开为例外'] },
  { question: '民法典里的居住权是一种什么性质的权利', kind: 'paraphrase', answers: ['新设立的用益物权'] },
  { question: '董事对公司负有的信义义务具体包括哪些', kind: 'paraphrase', answers: ['忠实义务和勤勉义务'] },
  { question: '罪刑法定原则的核心要求是什么？', kind: 'paraphrase', answers: ['法无明文规定不为罪'] },
  { question: '枫桥经验的核心可以概括成哪几句话', kind: 'paraphrase', answers: ['小事不出村、大事不出镇'] },
  // 教育学
  { question: '布鲁姆把认知目标分成了哪几个层次', kind: 'paraphrase', answers: ['记忆、理解、应用、分析、评价和创造'] },
  { question: '有氧运动具体包括哪些项目呢', kind: 'paraphrase', answers: ['慢跑、游泳和骑行'] },
  { question: '现在的奥林匹克格言是怎么表述的', kind: 'paraphrase', answers: ['更快、更高、更强——更团结'] },
  // 文学
  { question: '楚辞里篇幅最长的抒情诗是哪一篇', kind: 'paraphrase', answers: ['《离骚》是其中最长的抒情诗'] },
  { question: '元杂剧一本一般由几折组成？', kind: 'paraphrase', answers: ['四折一楔子'] },
  { question: '《边城》的故事发生在什么地方', kind: 'paraphrase', answers: ['以湘西茶峒为背景'] },
  { question: '普通话的标准音是以哪里的语音为准的', kind: 'paraphrase', answers: ['以北京语音为标准音'] },
  { question: '意识流小说有哪些代表作家', kind: 'paraphrase', answers: ['以伍尔夫和乔伊斯为代表'] },
  // 历史学
  { question: '商鞅变法具体改了些什么，让秦国强大起来的', kind: 'paraphrase', answers: ['奖励耕战、废井田、开阡陌'] },
  { question: '科举制前后一共延续了多少年', kind: 'paraphrase', answers: ['延续了一千三百多年'] },
  { question: '清朝闭关锁国的时候还保留了哪个通商口岸？', kind: 'paraphrase', answers: ['只留广州一口通商'] },
  { question: '雅典民主政治的局限性体现在哪里', kind: 'paraphrase', answers: ['排除了妇女、奴隶和外邦人'] },
  { question: '良渚古城遗址为什么在考古上这么重要', kind: 'paraphrase', answers: ['实证了中华五千多年文明史'] },
  // 理学
  { question: '泰勒公式里的余项是干什么用的', kind: 'paraphrase', answers: ['余项刻画了逼近的误差'] },
  { question: '特征向量在几何上是什么意思？', kind: 'paraphrase', answers: ['方向不变、只被伸缩的向量'] },
  { question: '贝叶斯公式在实际中是用来解决什么问题的', kind: 'paraphrase', answers: ['获得新证据之后如何更新'] },
  { question: '苯环里的碳碳键真的是单双键交替的吗', kind: 'paraphrase', answers: ['六个碳碳键完全等同'] },
  { question: '能量沿着食物链传递的效率大概是多少', kind: 'paraphrase', answers: ['百分之十到二十'] },
  // 工学
  { question: 'TCP为什么要三次握手才能建立连接', kind: 'paraphrase', answers: ['确保通信双方的收发能力都正常'] },
  { question: '梯度下降里的学习率起什么作用？', kind: 'paraphrase', answers: ['学习率决定了每一步迈多大'] },
  { question: '为什么处理中文文本要先分词，英文就不用', kind: 'paraphrase', answers: ['词与词之间没有空格'] },
  { question: '《营造法式》是谁编的，里面规定了什么制度', kind: 'paraphrase', answers: ['北宋李诫编修'] },
  // 农学
  { question: '轮作有什么好处，为什么不一直种同一种作物', kind: 'paraphrase', answers: ['减轻病虫害、改良土壤'] },
  { question: '科技特派员制度最早是在哪里搞起来的', kind: 'paraphrase', answers: ['起源于福建南平'] },
  // 医学
  { question: '成年人身上一共有多少块骨头', kind: 'paraphrase', answers: ['二百零六块骨'] },
  { question: '血压到多少才算高血压？', kind: 'paraphrase', answers: ['收缩压不低于140毫米汞柱'] },
  { question: '中医讲的治未病具体指什么', kind: 'paraphrase', answers: ['未病先防、既病防变'] },
  // 管理学
  { question: '管理的基本职能有哪几个', kind: 'paraphrase', answers: ['计划、组织、领导和控制'] },
  { question: '放管服改革的三个字分别是什么意思', kind: 'paraphrase', answers: ['简政放权、放管结合、优化服务'] },
  { question: '写论文时哪些行为会被认定为学术不端？', kind: 'paraphrase', answers: ['抄袭剽窃、伪造篡改数据'] },
  // 艺术学
  { question: '奏鸣曲式由哪几个部分构成', kind: 'paraphrase', answers: ['呈示部、展开部和再现部'] },
  { question: '《黄河大合唱》是谁在什么时候写的', kind: 'paraphrase', answers: ['冼星海1939年在延安创作'] },
  { question: '《蒙娜丽莎》那种朦朦胧胧的效果是用什么技法画出来的', kind: 'paraphrase', answers: ['柔和的晕涂法'] },
  { question: '印象派这个名字是怎么来的？', kind: 'paraphrase', answers: ['《日出·印象》是它的命名来源'] },

  // ── indirect: the concept not named, described in everyday words ──
  // 思政
  {
    question: '毛主席在窑洞对里说让人民监督政府是跳出历史周期率的办法，那后来提出的第二个答案是什么',
    kind: 'indirect',
    answers: ['跳出治乱兴衰历史周期率的第二个答案'],
  },
  {
    question: '晚清那场喊着中学为体、西学为用，还办了江南制造总局的运动叫什么',
    kind: 'indirect',
    answers: ['江南制造总局'],
  },
  { question: '被称为社会生活百科全书的是哪部法律', kind: 'indirect', answers: ['社会生活的百科全书'] },
  { question: '提出“两个务必”的是哪一次会议，在哪儿开的', kind: 'indirect', answers: ['1949年3月在西柏坡召开'] },
  { question: '被誉为百戏之祖的是哪个剧种？', kind: 'indirect', answers: ['现存最古老的剧种之一'] },
  // 哲学
  {
    question: '卢卡奇说人和人之间的关系变成了物和物之间的关系，这个概念叫什么',
    kind: 'indirect',
    answers: ['人与人的关系表现为物与物的关系'],
  },
  {
    question: '哈贝马斯那个主张大家通过理性对话达成共识的理论叫什么',
    kind: 'indirect',
    answers: ['通过理性对话达成共识'],
  },
  {
    question: '有个理论说空间不是一个静止的空盒子，而是社会关系造出来的，这是谁提出的',
    kind: 'indirect',
    answers: ['空间不是静止的容器'],
  },
  {
    question: '南宋时朱熹和陆九渊兄弟在江西一座寺里当面辩论，那次辩论叫什么',
    kind: 'indirect',
    answers: ['1175年朱熹与陆九渊兄弟'],
  },
  {
    question: '古希腊有位哲学家专门靠不停提问，让对方发现自己的观点自相矛盾，这种方法叫什么',
    kind: 'indirect',
    answers: ['使对方发现自身观点的矛盾'],
  },
  {
    question: '康德说不是知识去符合对象，而是对象来符合我们的认识，他自己把这个比作什么',
    kind: 'indirect',
    answers: ['对象符合我们的认识形式'],
  },
  { question: '辩论的时候对方偷换概念，这是违反了逻辑上的哪条规律？', kind: 'indirect', answers: ['偷换概念的错误'] },
  {
    question: '儒家讲一个人独处、没人监督的时候也要守住道德，这个叫什么',
    kind: 'indirect',
    answers: ['无人监督时也能谨守道德准则'],
  },
  { question: '“己所不欲，勿施于人”属于孔子的哪一个道德原则', kind: 'indirect', answers: ['己所不欲，勿施于人'] },
  {
    question: '认为审美就是把自己的感情投射到对象上去的理论，是谁提出来的',
    kind: 'indirect',
    answers: ['由立普斯系统提出'],
  },
  // 经济学
  {
    question: '饿的时候吃第一个包子特别香，吃到第五个就没什么感觉了，经济学上这叫什么',
    kind: 'indirect',
    answers: ['满足感逐渐减少'],
  },
  {
    question: '明朝张居正把田赋、徭役和杂税合在一起折成银子收，这个改革叫什么',
    kind: 'indirect',
    answers: ['折银征收'],
  },
  { question: '罗斯福新政是被哪一场经济危机逼出来的', kind: 'indirect', answers: ['1929年至1933年席卷资本主义世界'] },
  {
    question: '老人不会用智能手机、偏远地区上网不方便，这种用数字技术上的差距有专门的说法吗',
    kind: 'indirect',
    answers: ['获取和使用数字技术方面存在的差距'],
  },
  {
    question: '银行出现流动性危机快撑不住的时候，央行出手给钱救急，这个职能叫什么',
    kind: 'indirect',
    answers: ['陷入流动性困境的银行'],
  },
  // 法学
  {
    question: '新法施行之前发生的行为一般不按新法处理，这是什么原则',
    kind: 'indirect',
    answers: ['一般实行法不溯及既往原则'],
  },
  {
    question: '政府管事不能用大炮打蚊子，手段得和目的相称，这在行政法里叫什么原则',
    kind: 'indirect',
    answers: ['行政手段与行政目的相称'],
  },
  {
    question: '费孝通说传统社会的人际关系像往水里扔石头激起的一圈圈波纹，这个概念叫什么？',
    kind: 'indirect',
    answers: ['石子投入水中激起的一圈圈波纹'],
  },
  // 教育学
  {
    question: '孔子主张不管出身贵贱都可以来求学，这个主张叫什么',
    kind: 'indirect',
    answers: ['打破了贵族对教育的垄断'],
  },
  { question: '提出“学校即社会”和“从做中学”的是哪位教育家', kind: 'indirect', answers: ['学校即社会'] },
  {
    question: '老师让我们课前在家看视频自学，上课专门讨论和做题，这种教学模式叫什么',
    kind: 'indirect',
    answers: ['课前观看视频自学'],
  },
  { question: '心理学里那个“海因茨偷药”的两难故事是用来研究什么的', kind: 'indirect', answers: ['三水平六阶段理论'] },
  // 文学
  {
    question: '八十年代中期作家们纷纷回到民族文化传统里找精神资源，这股潮流叫什么',
    kind: 'indirect',
    answers: ['到民族文化传统中寻找精神资源'],
  },
  { question: '实词慢慢虚化成语法成分的过程，语言学上叫什么', kind: 'indirect', answers: ['实词逐渐虚化为语法成分'] },
  {
    question: '像“江湖”“面子”这种特别难翻译的词，学术上叫什么词？',
    kind: 'indirect',
    answers: ['承载特定民族文化信息的词语'],
  },
  {
    question: '有个传播学理论说人一发现自己是少数派就不敢公开说话了，这个理论叫什么',
    kind: 'indirect',
    answers: ['意见气候会影响个人'],
  },
  // 历史学
  { question: '世界上最早的纸币是哪个朝代出现的，叫什么', kind: 'indirect', answers: ['世界上最早的纸币'] },
  { question: '河南偃师那个被认为和夏朝有关的遗址叫什么', kind: 'indirect', answers: ['探索夏文化和早期国家'] },
  // 理学
  { question: '花样滑冰运动员把手臂收回来就转得更快，这是什么原理', kind: 'indirect', answers: ['收拢手臂时转速加快'] },
  {
    question: '爱因斯坦的诺贝尔奖到底是凭什么拿的，不是相对论吗？',
    kind: 'indirect',
    answers: ['用光量子假说作出解释'],
  },
  {
    question: '有些药的两种对映体药效完全不同，这是分子的什么性质造成的',
    kind: 'indirect',
    answers: ['分子与其镜像不能重合'],
  },
  {
    question: '一块农田荒废以后慢慢长成了森林，这个过程在生态学上叫什么',
    kind: 'indirect',
    answers: ['一个群落被另一个群落代替'],
  },
  { question: '从黑河到腾冲画的那条人口分界线叫什么', kind: 'indirect', answers: ['黑龙江黑河到云南腾冲'] },
  // 工学
  { question: '采样频率至少要是信号最高频率的两倍，这是哪个定理', kind: 'indirect', answers: ['信号最高频率的两倍'] },
  { question: '高锟是因为什么获得诺贝尔物理学奖的？', kind: 'indirect', answers: ['光在光纤中的全反射'] },
  {
    question: '在电脑里给一台真实设备建一个实时同步的虚拟模型来仿真和监测，这种技术叫什么',
    kind: 'indirect',
    answers: ['物理实体的动态映射'],
  },
  { question: '隋朝李春设计的那座敞肩石拱桥是哪座', kind: 'indirect', answers: ['隋代李春设计建造'] },
  // 农学
  { question: '被称为种业“硅谷”的地方在哪里', kind: 'indirect', answers: ['位于海南，利用热带气候'] },
  { question: '想让花卉刚好在节日那天开放，一般是怎么做到的', kind: 'indirect', answers: ['控制光照、温度等条件'] },
  // 医学
  {
    question: '吃东西被噎住、异物卡在气管里，应该用什么急救方法？',
    kind: 'indirect',
    answers: ['通过冲击腹部使异物排出'],
  },
  {
    question: '宁夏枸杞、吉林人参这种特定产区出的好药材，中药学里叫什么',
    kind: 'indirect',
    answers: ['在特定产区生产、品质优良'],
  },
  // 管理学
  {
    question: '通过研究工人的时间和动作来提高劳动生产率的管理理论是谁创立的',
    kind: 'indirect',
    answers: ['通过时间和动作研究'],
  },
  { question: '什么样的东西最容易出现大家都想搭便车的问题', kind: 'indirect', answers: ['非竞争性和非排他性'] },
  {
    question: '北京那个打12345热线反映问题、政府快速响应的改革叫什么',
    kind: 'indirect',
    answers: ['以12345热线为主渠道'],
  },
  // 艺术学
  { question: '被称为“交响乐之父”的是哪位作曲家', kind: 'indirect', answers: ['海顿被称为“交响乐之父”'] },
  { question: '中国第一部电影是哪一部，拍的是什么？', kind: 'indirect', answers: ['1905年拍摄的中国第一部电影'] },

  // ── alias: a person or work under another name than the lectures use ──
  // 思政
  { question: '双碳目标具体是指哪两个时间节点', kind: 'alias', answers: ['2030年前达到峰值'] },
  { question: '百日维新为什么这么快就失败了，有什么意义', kind: 'alias', answers: ['历时百余日即告失败'] },
  { question: '小平同志的南巡讲话都去了哪些地方？', kind: 'alias', answers: ['视察武昌、深圳、珠海、上海'] },
  // 哲学
  { question: '马克思的《费尔巴哈论纲》里最有名的那句话是什么', kind: 'alias', answers: ['问题在于改变世界'] },
  {
    question: '马克思在《巴黎手稿》里讲的异化劳动是什么意思',
    kind: 'alias',
    answers: ['劳动者同劳动产品、劳动活动本身相异化'],
  },
  { question: '葛兰西的文化霸权理论讲的是什么', kind: 'alias', answers: ['获得被统治者的认同'] },
  { question: '仲尼思想的核心到底是什么', kind: 'alias', answers: ['克己复礼为仁'] },
  { question: '孟轲凭什么说人性本善？', kind: 'alias', answers: ['恻隐、羞恶、辞让、是非四端之心'] },
  { question: '荀卿主张怎么改造人的本性', kind: 'alias', answers: ['化性起伪'] },
  { question: '《道德经》里的道法自然应该怎么理解', kind: 'alias', answers: ['效法自然、无为而治'] },
  { question: '《南华经》开篇那一篇讲的是什么', kind: 'alias', answers: ['以鲲鹏和蜩鸠的对比'] },
  { question: '王守仁晚年讲的致良知是什么意思？', kind: 'alias', answers: ['把本心的良知推扩到事事物物'] },
  { question: '严几道翻译的那本书对近代思想界影响有多大', kind: 'alias', answers: ['物竞天择，适者生存'] },
  { question: '孙逸仙在知和行的关系上提出了什么学说', kind: 'alias', answers: ['知难行易'] },
  { question: '冯芝生说的人生四种境界是哪四种', kind: 'alias', answers: ['自然、功利、道德、天地四种境界'] },
  { question: '康德的定言命令到底要求人怎么做', kind: 'alias', answers: ['能够同时成为普遍法则的准则'] },
  { question: '蔡孑民先生提倡美育时喊的口号是什么', kind: 'alias', answers: ['以美育代宗教'] },
  // 经济学
  { question: '供给侧改革当时的重点任务是怎么概括的', kind: 'alias', answers: ['三去一降一补'] },
  { question: '新闻里说央行降准，降的到底是什么？', kind: 'alias', answers: ['按存款比例缴存准备金的比率'] },
  { question: 'GDP统计的到底是什么东西的价值', kind: 'alias', answers: ['全部最终产品和服务的市场价值'] },
  // 法学
  { question: '反诈法是哪一年开始施行的', kind: 'alias', answers: ['《反电信网络诈骗法》于2022年施行'] },
  { question: '迪尔凯姆说的失范是什么意思', kind: 'alias', answers: ['社会规范缺失或混乱'] },
  { question: '《永徽律疏》在中国法制史上是什么地位？', kind: 'alias', answers: ['现存最早、最完整的封建法典'] },
  // 教育学
  { question: 'PBL教学是一种什么样的学习方式', kind: 'alias', answers: ['真实问题或项目驱动'] },
  { question: '体测报告上的VO2max是什么指标', kind: 'alias', answers: ['衡量心肺耐力的重要指标'] },
  // 文学
  { question: '诗仙和诗圣的诗风分别是什么样的', kind: 'alias', answers: ['李白的浪漫豪放和杜甫的沉郁顿挫'] },
  { question: '苏东坡的词算婉约派还是豪放派？', kind: 'alias', answers: ['苏轼、辛弃疾偏于豪放'] },
  { question: '《石头记》主要讲了一个什么故事', kind: 'alias', answers: ['贾宝玉和林黛玉的爱情悲剧'] },
  { question: '周树人发表的第一篇白话小说是哪篇', kind: 'alias', answers: ['第一篇现代白话小说'] },
  { question: '《王子复仇记》里最有名的那句独白是什么', kind: 'alias', answers: ['生存还是毁灭'] },
  // 历史学
  { question: '三宝太监下西洋最远到过哪里？', kind: 'alias', answers: ['最远到达东非沿岸和红海'] },
  { question: 'C14测年的原理是什么', kind: 'alias', answers: ['放射性碳同位素的衰变规律'] },
  { question: '司母戊鼎到底有多重', kind: 'alias', answers: ['重八百三十二点八四千克'] },
  { question: '李世民在位时期的治世是什么样的', kind: 'alias', answers: ['政治清明、经济复苏'] },
  // 理学
  { question: '测不准原理说的是什么东西测不准', kind: 'alias', answers: ['位置和动量不能同时被精确测定'] },
  { question: '大家说的“基因剪刀”到底是什么技术？', kind: 'alias', answers: ['精确修改生物体的基因序列'] },
  { question: 'FAST射电望远镜建在哪里，有什么成果', kind: 'alias', answers: ['位于贵州平塘'] },
  { question: '我国探月工程分为哪几步', kind: 'alias', answers: ['分为绕、落、回三步走'] },
  // 工学
  { question: 'OOP的三大特征是什么', kind: 'alias', answers: ['封装、继承和多态'] },
  { question: 'DP算法的核心思想是什么？', kind: 'alias', answers: ['重叠子问题并保存子问题的解'] },
  { question: 'RAG技术是怎么减少大模型幻觉的', kind: 'alias', answers: ['先从知识库检索相关片段'] },
  // 农学
  { question: '袁老的杂交稻是靠什么大幅提高产量的', kind: 'alias', answers: ['利用杂种优势'] },
  { question: '太空育种是怎么培育出新品种的', kind: 'alias', answers: ['利用太空环境诱发种子变异'] },
  // 医学
  { question: '慢阻肺跟抽烟有关系吗？', kind: 'alias', answers: ['与长期吸烟密切相关'] },
  { question: '做CPR的时候按压要多深、多快', kind: 'alias', answers: ['五到六厘米'] },
  // 管理学
  { question: 'MBO管理法是谁提出来的，强调什么', kind: 'alias', answers: ['上下级共同制定目标'] },
  // 艺术学
  { question: '贝九的末乐章为什么加了合唱', kind: 'alias', answers: ['引入合唱《欢乐颂》'] },
  { question: '王右军的《兰亭集序》为什么地位那么高？', kind: 'alias', answers: ['天下第一行书'] },
  { question: '书法上常说的颜柳欧赵是哪几位', kind: 'alias', answers: ['欧阳询、颜真卿、柳公权和赵孟頫'] },
  { question: '老谋子那一代导演的作品有什么特点', kind: 'alias', answers: ['注重造型表现和民族文化反思'] },

  // ── colloquial: chatty, with everyday words the lectures never use ──
  {
    question: '存天理灭人欲是不是就是不让人有任何欲望啊？感觉好反人性',
    kind: 'colloquial',
    answers: ['克制过度的私欲'],
  },
  {
    question: '载人航天精神是不是就是四个特别能啥啥的，考试要背吗',
    kind: 'colloquial',
    answers: ['特别能吃苦、特别能战斗'],
  },
  { question: '长征到底走了多远啊，我老记不住是两万五千里还是多少', kind: 'colloquial', answers: ['行程约两万五千里'] },
  { question: '室友跟我吵架老说“专家都这么说的”，这算逻辑谬误吗，叫啥来着', kind: 'colloquial', answers: ['诉诸权威'] },
  {
    question: '电车难题到底想考察啥啊，感觉怎么选都不对，好纠结',
    kind: 'colloquial',
    answers: ['后果主义与义务论直觉冲突'],
  },
  {
    question: '老师老说古诗有意境，意境到底是个啥，能不能通俗点讲',
    kind: 'colloquial',
    answers: ['情景交融、虚实相生'],
  },
  {
    question: '为啥盐涨价了大家还是照样买，老师课上提到的那个弹性是不是能解释这个',
    kind: 'colloquial',
    answers: ['必需品的弹性通常较小'],
  },
  {
    question: '我翘了一下午课去做兼职，室友说我亏了机会成本，这玩意儿到底咋算的',
    kind: 'colloquial',
    answers: ['放弃的其他最好选择的价值'],
  },
  {
    question: '我爸炒股总是满仓一只票，我劝他分散投资他不听，分散到底能降低哪种风险啊',
    kind: 'colloquial',
    answers: ['降低非系统性风险'],
  },
  { question: '古装剧里老说秋后问斩，为啥非得等到秋天才行刑呀', kind: 'colloquial', answers: ['顺应天时的司法传统'] },
  {
    question: '借给同学的钱拖了好几年都不还，现在去法院告还来得及吗，有没有时间限制',
    kind: 'colloquial',
    answers: ['在民法典中一般为三年'],
  },
  {
    question: '租房合同里那些密密麻麻的条款是房东早就印好的，他有没有义务提醒我啊',
    kind: 'colloquial',
    answers: ['提示说明与对方有重大利害关系的内容'],
  },
  {
    question: '楼上扔东西把我车砸了，又查不出是谁扔的，是不是只能自认倒霉了',
    kind: 'colloquial',
    answers: ['可能加害的建筑物使用人给予补偿'],
  },
  {
    question: '看剧的时候一直好奇，犯了事自己去派出所投案，真的能少判吗',
    kind: 'colloquial',
    answers: ['可以从轻或者减轻处罚'],
  },
  {
    question: '给我弟辅导作业，题太难他做不出，太简单他又没兴趣，这是不是跟那个什么发展区有关',
    kind: 'colloquial',
    answers: ['在成人帮助下可达到水平'],
  },
  {
    question: '上了大学整天迷茫，不知道自己是谁、想要啥，心理学上这种问题叫啥，正常吗',
    kind: 'colloquial',
    answers: ['青少年期的核心发展任务'],
  },
  {
    question: '考试没考好我就觉得自己一无是处，心理老师说可以用ABC理论调一调，这是什么原理啊',
    kind: 'colloquial',
    answers: ['而是个体对事件的信念'],
  },
  { question: '汉字里是不是大部分都是形声字啊，考试会考吗', kind: 'colloquial', answers: ['占汉字的绝大多数'] },
  {
    question: '最近刷短视频越刷越只看到自己喜欢的东西，我是不是掉进信息茧房了，这到底啥意思',
    kind: 'colloquial',
    answers: ['禁锢在狭窄的信息空间中'],
  },
  {
    question: '三省六部我总是搞混，到底哪个省起草、哪个审核、哪个执行啊',
    kind: 'colloquial',
    answers: ['中书省起草、门下省审核、尚书省执行'],
  },
  { question: '三星堆那个眼睛凸出来的面具好诡异啊，它到底叫啥', kind: 'colloquial', answers: ['青铜纵目面具'] },
  {
    question: '行列式等于零到底意味着啥，老师能不能通俗点讲讲它的几何意义',
    kind: 'colloquial',
    answers: ['线性变换对体积的伸缩倍数'],
  },
  {
    question: '楞次定律里那个“阻碍”我一直理解不了，到底阻碍的是啥',
    kind: 'colloquial',
    answers: ['阻碍引起感应电流的磁通量的变化'],
  },
  {
    question: '统计作业里p值小于0.05就拒绝原假设，这个0.05是怎么来的啊，考试要考吗',
    kind: 'colloquial',
    answers: ['显著性水平常取百分之五'],
  },
  { question: 'J型曲线和S型曲线我总是搞混，啥时候是S型啊', kind: 'colloquial', answers: ['在资源有限的条件下'] },
  {
    question: '黑洞真的连光都逃不出来吗？好神奇，人类拍到过它长啥样吗',
    kind: 'colloquial',
    answers: ['连光都无法逃逸'],
  },
  {
    question: '写递归老是栈溢出，室友说我没写好，递归最要紧的到底是啥',
    kind: 'colloquial',
    answers: ['必须有明确的终止条件'],
  },
  { question: '栈和队列我老是记反，哪个是后进先出来着', kind: 'colloquial', answers: ['后进先出和先进先出'] },
  {
    question: '对称加密和非对称加密到底差在哪儿啊，看了好几遍还是懵',
    kind: 'colloquial',
    answers: ['加解密使用同一密钥'],
  },
  {
    question: '我的模型训练集准确率九十多，一上测试集就拉胯，这是咋回事，有啥办法吗',
    kind: 'colloquial',
    answers: ['在新数据上表现变差'],
  },
  { question: '听说房子抗震有个口诀，什么小震不坏，后面是啥来着', kind: 'colloquial', answers: ['中震可修、大震不倒'] },
  {
    question: '转基因的东西到底能不能放心吃啊，有没有人管的',
    kind: 'colloquial',
    answers: ['安全评价实行严格的审批制度'],
  },
  {
    question: '我家菜地的土越来越酸，是不是化肥用多了，撒点啥能改良一下',
    kind: 'colloquial',
    answers: ['施用石灰和有机肥'],
  },
  {
    question: '我表哥在老家搞直播卖土特产，这算不算农村电商啊',
    kind: 'colloquial',
    answers: ['农产品通过网络直达城市消费者'],
  },
  { question: '打疫苗为啥能防病啊，能不能通俗点讲讲原理', kind: 'colloquial', answers: ['刺激机体产生免疫记忆'] },
  {
    question: '军训的时候有同学中暑晕倒了，听说最严重的那种中暑会要命，叫啥来着',
    kind: 'colloquial',
    answers: ['中暑最严重的类型'],
  },
  { question: '中药方子里的君臣佐使是啥意思，听着像在排官职哈哈', kind: 'colloquial', answers: ['中药方剂的组方原则'] },
  {
    question: '老师课上提到的私域流量到底是啥，是不是就是拉个微信群卖货',
    kind: 'colloquial',
    answers: ['可以自由、反复触达的用户群体'],
  },
  {
    question: '查文献的时候查全率和查准率能不能两个都很高啊，我总是顾此失彼',
    kind: 'colloquial',
    answers: ['二者通常此消彼长'],
  },
  {
    question: '毕业论文的参考文献格式到底按啥标准来写啊，导师说我格式全错了',
    kind: 'colloquial',
    answers: ['《信息与文献 参考文献著录规则》'],
  },
  { question: '京剧里的生旦净丑到底是啥，我每次看戏都分不清', kind: 'colloquial', answers: ['生旦净丑是它的主要行当'] },
  {
    question: '故宫那些文创胶带、冰箱贴为啥这么火，老师说这是个什么转化的案例',
    kind: 'colloquial',
    answers: ['把文物元素转化为日常用品'],
  },

  // ── comparison: two concepts side by side, one answer per side ──
  {
    question: '社会公德和职业道德的内容有什么不一样',
    kind: 'comparison',
    answers: ['文明礼貌、助人为乐、爱护公物', '爱岗敬业、诚实守信、办事公道'],
  },
  {
    question: '新文化运动和五四运动是一回事吗，有什么区别？',
    kind: 'comparison',
    answers: ['高举民主和科学两面旗帜', '彻底反帝反封建的爱国运动'],
  },
  {
    question: '功利主义和康德的绝对命令，判断一件事道不道德的标准有什么不同',
    kind: 'comparison',
    answers: ['最大多数人的最大幸福', '只按照能够同时成为普遍法则'],
  },
  {
    question: '维特根斯坦前期的图像论和后期的语言游戏有什么不一样',
    kind: 'comparison',
    answers: ['命题是事实的逻辑图像', '在生活形式中的使用'],
  },
  { question: '孟子和荀子对人性的看法有什么不同', kind: 'comparison', answers: ['四端之心', '礼义教化来改造人的本性'] },
  {
    question: '金融学里的有效市场假说和“有效市场和有为政府”里的有效市场是一个意思吗',
    kind: 'comparison',
    answers: ['充分反映了所有可获得的信息', '市场在资源配置中起决定性作用'],
  },
  {
    question: '规模经济和网络效应都是越大越好，它们的道理一样吗',
    kind: 'comparison',
    answers: ['单位产品的平均成本不断下降', '价值随使用者数量的增加而增加'],
  },
  {
    question: '比较优势和要素禀赋理论，对一个国家该出口什么的回答有什么不同？',
    kind: 'comparison',
    answers: ['出口机会成本相对较低的产品', '密集使用其相对丰裕要素的产品'],
  },
  {
    question: '对政府的处罚不服，申请行政复议和提起行政诉讼有什么区别',
    kind: 'comparison',
    answers: ['向行政机关申请重新审查', '俗称“民告官”'],
  },
  {
    question: '股东不是只承担有限责任吗，什么情况下反而要对公司债务负连带责任',
    kind: 'comparison',
    answers: ['以其认缴的出资额为限', '股东滥用公司法人独立地位'],
  },
  {
    question: '社会分层和社会流动分别研究的是什么，两者有什么联系',
    kind: 'comparison',
    answers: ['按照收入、权力、声望等标准', '在社会阶层之间的位置变动'],
  },
  {
    question: '皮亚杰和埃里克森的阶段理论有什么不一样',
    kind: 'comparison',
    answers: ['感知运动、前运算、具体运算', '人生分为八个阶段'],
  },
  {
    question: '文学里的浪漫主义诗歌和音乐里的浪漫主义，代表人物分别是谁',
    kind: 'comparison',
    answers: ['华兹华斯、柯勒律治、拜伦', '肖邦的钢琴曲和舒伯特的艺术歌曲'],
  },
  {
    question: '分封制和郡县制有什么本质区别？',
    kind: 'comparison',
    answers: ['分封给宗室和功臣、建立诸侯国', '中央集权国家的地方行政基础'],
  },
  {
    question: '明朝的内阁和清朝的军机处，哪个更能说明皇权在加强',
    kind: 'comparison',
    answers: ['在明朝废除丞相后逐步形成', '君主专制发展到顶峰'],
  },
  {
    question: '汉谟拉比法典和罗马法，哪个对后来的欧洲法律影响更大',
    kind: 'comparison',
    answers: ['古巴比伦国王颁布的法典', '欧洲大陆法系产生了深远影响'],
  },
  {
    question: '考古地层学和考古类型学判断年代的方法有什么不同',
    kind: 'comparison',
    answers: ['地层堆积的先后顺序', '器物形态的排比'],
  },
  {
    question: '大数定律和中心极限定理我总是分不清，它们分别说的是什么',
    kind: 'comparison',
    answers: ['频率稳定于它的概率', '大量独立随机变量之和'],
  },
  {
    question: '热力学第一定律和熵增原理各自说明了什么问题？',
    kind: 'comparison',
    answers: ['能量守恒定律在热现象中的具体体现', '孤立系统的熵永不减少'],
  },
  {
    question: '催化剂和活化能是什么关系，催化剂会不会改变平衡',
    kind: 'comparison',
    answers: ['反应物分子转变为活化分子所需的能量', '并不改变化学平衡'],
  },
  {
    question: '注意力机制和Transformer是什么关系，有什么区别',
    kind: 'comparison',
    answers: ['动态地关注输入中最相关的部分', '完全基于自注意力的模型结构'],
  },
  {
    question: '现代主义建筑和包豪斯的设计主张有什么异同',
    kind: 'comparison',
    answers: ['形式追随功能', '主张艺术与技术的统一'],
  },
  {
    question: '设施农业和无土栽培有什么区别？',
    kind: 'comparison',
    answers: ['利用温室等设施创造适宜的生长环境', '用营养液代替土壤'],
  },
  {
    question: '中医里的阴阳学说和五行学说分别是怎么解释世界的',
    kind: 'comparison',
    answers: ['阴阳的对立统一推动着事物', '五种物质的生克关系'],
  },
  {
    question: '马斯洛的需要层次理论和赫茨伯格的双因素理论有什么区别',
    kind: 'comparison',
    answers: ['生理、安全、社交、尊重和自我实现', '区分了保健因素和激励因素'],
  },
  {
    question: '蒙太奇和长镜头这两种电影手法有什么不一样，哪个更真实',
    kind: 'comparison',
    answers: ['镜头的剪辑和组接产生新意义', '一个连续不断的镜头完整记录'],
  },

  // ── offcorpus: nothing in the lectures answers these; several share ordinary words with them ──
  // next to the banks: another thinker, theory, event or field
  { question: '尼采说的“上帝死了”是什么意思', kind: 'offcorpus', answers: [] },
  { question: '萨特的存在主义为什么说存在先于本质', kind: 'offcorpus', answers: [] },
  { question: '笛卡尔的“我思故我在”怎么理解？', kind: 'offcorpus', answers: [] },
  { question: '弗洛伊德说的本我、自我、超我分别是什么', kind: 'offcorpus', answers: [] },
  { question: '荣格的集体无意识是什么意思', kind: 'offcorpus', answers: [] },
  { question: '亚当·斯密说的看不见的手指的是什么', kind: 'offcorpus', answers: [] },
  { question: '凯恩斯主义和货币主义有什么区别', kind: 'offcorpus', answers: [] },
  { question: '博弈论里的囚徒困境是什么意思？', kind: 'offcorpus', answers: [] },
  { question: '爱因斯坦的相对论里时间膨胀是怎么回事', kind: 'offcorpus', answers: [] },
  { question: '薛定谔的猫到底是死的还是活的', kind: 'offcorpus', answers: [] },
  { question: '牛顿是被苹果砸中才发现万有引力的吗', kind: 'offcorpus', answers: [] },
  { question: '光合作用的暗反应是在叶绿体的哪个部位进行的', kind: 'offcorpus', answers: [] },
  { question: '元素周期表是谁编出来的', kind: 'offcorpus', answers: [] },
  { question: '哥德巴赫猜想现在证明到哪一步了', kind: 'offcorpus', answers: [] },
  { question: '区块链的共识机制有哪几种？', kind: 'offcorpus', answers: [] },
  { question: '赤壁之战是哪一年打的，曹操为什么会输', kind: 'offcorpus', answers: [] },
  { question: '武则天是怎么当上皇帝的', kind: 'offcorpus', answers: [] },
  { question: '拿破仑为什么会在滑铁卢战败', kind: 'offcorpus', answers: [] },
  { question: '王维的诗为什么被说成诗中有画', kind: 'offcorpus', answers: [] },
  { question: '《百年孤独》的魔幻现实主义该怎么读', kind: 'offcorpus', answers: [] },
  { question: '《三体》里的黑暗森林法则是什么意思', kind: 'offcorpus', answers: [] },
  { question: '离婚冷静期一共是多少天？', kind: 'offcorpus', answers: [] },
  { question: '劳动合同的试用期最长可以约定多久', kind: 'offcorpus', answers: [] },
  { question: '个人所得税的专项附加扣除要怎么填', kind: 'offcorpus', answers: [] },
  { question: '故宫一共有多少间房子', kind: 'offcorpus', answers: [] },
  { question: '黄河为什么会出现断流', kind: 'offcorpus', answers: [] },
  { question: '东京奥运会中国一共拿了多少枚金牌', kind: 'offcorpus', answers: [] },
  // everyday life, entertainment, shopping, tech support, health trivia
  { question: '股票的KDJ指标怎么看', kind: 'offcorpus', answers: [] },
  { question: 'NBA总决赛今年是哪个队夺冠了', kind: 'offcorpus', answers: [] },
  { question: '周杰伦的新专辑什么时候发布啊', kind: 'offcorpus', answers: [] },
  { question: '去云南旅游，大理和丽江哪个更好玩', kind: 'offcorpus', answers: [] },
  { question: '明天上海会不会下雨，要不要带伞', kind: 'offcorpus', answers: [] },
  { question: '双十一买哪款电视最划算', kind: 'offcorpus', answers: [] },
  { question: '减肥期间晚上能不能吃水果', kind: 'offcorpus', answers: [] },
  { question: '每天一定要喝八杯水吗，有科学依据吗', kind: 'offcorpus', answers: [] },
  { question: '吃了头孢以后多久才能喝酒？', kind: 'offcorpus', answers: [] },
  { question: '猫为什么总是喜欢踩奶', kind: 'offcorpus', answers: [] },
  { question: '多肉植物浇水太多烂根了怎么救', kind: 'offcorpus', answers: [] },
  { question: '考研英语作文模板怎么背效率高', kind: 'offcorpus', answers: [] },
  { question: '科目二倒车入库有什么技巧', kind: 'offcorpus', answers: [] },
  { question: '重庆火锅底料哪个牌子好吃', kind: 'offcorpus', answers: [] },
  { question: '电脑开机蓝屏了怎么办', kind: 'offcorpus', answers: [] },
  { question: '手机连上WiFi了却上不了网是怎么回事', kind: 'offcorpus', answers: [] },
];
