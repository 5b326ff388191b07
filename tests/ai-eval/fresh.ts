/**
 * A third, unseen set for the AI Q&A (`npm run eval:ai -- --set fresh`), written on 2026-11-28
 * from the demo lectures' concept banks (upstream/src/demo/text/*.ts, whose glosses the generated
 * transcripts speak) while retrieval was being changed, without looking at how the system scores,
 * to tell whether those changes generalise. It takes only concepts that neither the development
 * set (questions.ts) nor the held-out set (heldout.ts) asks about, spread over all thirteen
 * subjects. Not to be tuned on: never change the system because one question here fails.
 *
 * The kinds are heldout.ts's (see its header): colloquial, short, typo, traditional, rambling,
 * example, comparison, english, followup (`watching` names the lecture whose play page the
 * question is asked from), plus questions.ts's paraphrase, indirect and alias. Off-corpus
 * questions are everyday chit-chat (one sharing words with a lecture's example) and near misses:
 * a topic next to a lecture (Ohm's law beside electromagnetism, quicksort beside time complexity)
 * that no lecture says.
 *
 * Answers are exact substrings of the lectures' transcripts, resolved at run time (expected.ts),
 * as in questions.ts.
 */
import type { EvalQuestion } from './questions';

export const FRESH: readonly EvalQuestion[] = [
  // ── colloquial ──
  { question: '长江现在是不是不让打鱼了，从啥时候开始的', kind: 'colloquial', answers: ['自2021年1月1日起全面实施'] },
  { question: '手被玻璃划了个大口子血一直流，怎么止住', kind: 'colloquial', answers: ['直接压迫、加压包扎和止血带'] },
  {
    question: '几个人一起去偷东西被抓了，责任怎么分谁大谁小',
    kind: 'colloquial',
    answers: ['参与者分为主犯、从犯、胁从犯和教唆犯'],
  },
  { question: '有人没经过我同意拿我照片去打广告，民法典哪块能管', kind: 'colloquial', answers: ['独立成编保护生命权'] },
  { question: '小孩学外语是不是越小开始越好', kind: 'colloquial', answers: ['语言习得被认为存在敏感期'] },
  {
    question: '家里种地老不知道化肥该上多少，有没有科学点的办法',
    kind: 'colloquial',
    answers: ['根据土壤养分状况和作物需求确定肥料的种类和用量'],
  },
  { question: '老家的地盐碱化了啥都长不好，咋整', kind: 'colloquial', answers: ['排水洗盐、种植耐盐作物等措施'] },
  {
    question: '外卖平台算法老压骑手时间，还搞大数据杀熟，有没有哪门课研究这种问题',
    kind: 'colloquial',
    answers: ['关注算法歧视、透明度与问责等问题'],
  },
  {
    question: '热搜挂啥大家就吵啥，是不是媒体在带节奏，传播学里怎么说',
    kind: 'colloquial',
    answers: ['影响公众对议题重要性的判断'],
  },
  { question: '宇宙到底多少岁了', kind: 'colloquial', answers: ['约一百三十八亿年前'] },
  {
    question: '健身房教练说运动也得开处方，处方上都写些啥',
    kind: 'colloquial',
    answers: ['规定运动的种类、强度、时间和频率'],
  },

  // ── short ──
  { question: '两弹一星指啥', kind: 'short', answers: ['原子弹、导弹和人造卫星'] },
  { question: '三大法宝？', kind: 'short', answers: ['统一战线、武装斗争和党的建设'] },
  { question: '五伦', kind: 'short', answers: ['父子有亲、君臣有义'] },
  { question: '东数西算', kind: 'short', answers: ['构建全国一体化算力网络'] },
  { question: '矩阵的秩', kind: 'short', answers: ['线性无关的行或列的最大数目'] },
  { question: '摩尔定律是啥', kind: 'short', answers: ['大约每两年翻一番'] },
  { question: '助人自助', kind: 'short', answers: ['提升服务对象自己解决问题的能力'] },
  { question: '四气五味', kind: 'short', answers: ['寒热温凉四种药性和辛甘酸苦咸五种药味'] },

  // ── typo ──
  { question: '井天制是哪个朝代的土地制度', kind: 'typo', answers: ['西周时期的土地制度'] },
  { question: '永乐大点一共有多少卷', kind: 'typo', answers: ['全书共两万两千余卷'] },
  { question: '吉布斯自有能怎么判断反应能不能自发', kind: 'typo', answers: ['可以判断恒温恒压下化学反应能否自发进行'] },
  { question: '冠心并是怎么引起的', kind: 'typo', answers: ['冠状动脉粥样硬化导致心肌缺血'] },
  { question: '库伦定律里力和距离是啥关系', kind: 'typo', answers: ['与距离的平方成反比'] },
  { question: '米开朗基罗画西斯廷天顶画花了几年', kind: 'typo', answers: ['米开朗琪罗历时四年完成的壁画巨作'] },
  { question: '泰勒原里讲的课程开发是哪几个问题', kind: 'typo', answers: ['围绕教育目标、学习经验的选择'] },
  { question: '赫落图的横纵坐标是什么', kind: 'typo', answers: ['以恒星的光度和表面温度为坐标'] },

  // ── traditional ──
  { question: '清明上河圖是誰畫的', kind: 'traditional', answers: ['北宋张择端的风俗画'] },
  { question: '千里江山圖的作者是誰', kind: 'traditional', answers: ['北宋王希孟创作的青绿山水长卷'] },
  { question: '香港是哪一年回歸的', kind: 'traditional', answers: ['于1997年7月1日实现'] },

  // ── rambling ──
  {
    question:
      '老师我有个问题，我们宿舍在争，就是古代当官的或者皇亲国戚犯了罪好像能减刑，有个专门的制度，名字好像跟数字有关，叫什么来着',
    kind: 'rambling',
    answers: ['对八种特权人物犯罪时减免刑罚的制度'],
  },
  {
    question:
      '看新闻说长江沿线好多省市一起搞那个经济带，我家就在沿江，但是说不搞大开发，那它到底是要怎么发展，方针是啥',
    kind: 'rambling',
    answers: ['坚持共抓大保护、不搞大开发'],
  },
  {
    question:
      '我们组在做AI课的作业，现在那些大语言模型好像都是先拿一大堆文本训练，然后再用一点点标好的数据去调，这个套路叫什么，为什么要这么做',
    kind: 'rambling',
    answers: ['先在海量文本上学习通用语言知识'],
  },
  {
    question:
      '最近在看大航海的纪录片，哥伦布、达伽马、麦哲伦这几个人一直往外跑，老师上课说这件事影响特别大，到底大在哪里啊',
    kind: 'rambling',
    answers: ['使世界开始连成一个整体'],
  },

  // ── example ──
  {
    question: '水烧到一百度一下子就开了，哲学上这叫什么规律',
    kind: 'example',
    answers: ['量变积累到一定程度必然引起质变'],
  },
  {
    question: '泰勒斯说万物都是水变来的，这个“万物是从哪来的”在哲学上叫啥',
    kind: 'example',
    answers: ['古希腊早期哲学家追问的万物本原'],
  },
  {
    question: '河边立着个牌子写着某某河河长、联系电话，这是什么制度',
    kind: 'example',
    answers: ['由各级党政主要负责人担任河长湖长'],
  },
  {
    question: '小岗村十八户按红手印，后来推广到全国的那个制度叫啥',
    kind: 'example',
    answers: ['1978年起源于安徽凤阳小岗村的农村改革'],
  },
  {
    question: '敲一下膝盖腿就自己弹起来，中间经过了哪些结构',
    kind: 'example',
    answers: ['由感受器、传入神经、神经中枢、传出神经和效应器组成'],
  },
  { question: '画画时铁轨越远越窄、近大远小，这种画法叫啥', kind: 'example', answers: ['使画面产生真实的空间深度'] },
  {
    question: '站在大瀑布跟前被震得说不出话，美学上这算什么感受',
    kind: 'example',
    answers: ['源于面对巨大或强力对象时的震撼与升华'],
  },
  { question: '为啥我们这边夏天又热雨又多，冬天又冷又干', kind: 'example', answers: ['我国东部地区因此雨热同期'] },

  // ── comparison ──
  {
    question: '乘数效应和货币乘数是一回事吗',
    kind: 'comparison',
    answers: ['引起国民收入成倍变动', '创造出倍数存款货币的机制'],
  },
  {
    question: '朱熹的理一分殊跟王阳明的心即理有啥不一样',
    kind: 'comparison',
    answers: ['说明万物同出一理而又各有其分', '认为天理不在心外'],
  },
  {
    question: '英国光荣革命和法国大革命各自留下了什么重要文件',
    kind: 'comparison',
    answers: ['次年的《权利法案》确立了君主立宪制', '《人权宣言》宣告了人权、法治、自由等原则'],
  },
  {
    question: '奈达的功能对等和严复的信达雅有什么区别',
    kind: 'comparison',
    answers: ['强调译文读者的反应应与原文读者大致相同', '严复在《天演论》译例言中提出的翻译标准'],
  },
  {
    question: '牛顿第二定律和动量守恒说的分别是啥',
    kind: 'comparison',
    answers: ['加速度与所受合力成正比、与质量成反比', '系统不受外力或所受合外力为零时'],
  },
  {
    question: '四合院和苏州园林，北方南方的房子区别在哪',
    kind: 'comparison',
    answers: ['由四面房屋围合成一个庭院', '虽由人作，宛自天开'],
  },
  {
    question: '政策试点和政策评估分别是干嘛的',
    kind: 'comparison',
    answers: ['先试点、再推广', '判断政策的效果、效率和公平性'],
  },
  {
    question: '传染病流行的三个环节和三级预防分别是哪三个',
    kind: 'comparison',
    answers: ['传染源、传播途径和易感人群', '病因预防、临床前期预防和临床预防'],
  },

  // ── english ──
  { question: 'CAPM模型的公式是什么', kind: 'english', answers: ['无风险利率加上贝塔系数乘以市场风险溢价'] },
  { question: 'WTO哪年成立的，中国啥时候进的', kind: 'english', answers: ['成立于1995年，中国于2001年12月正式加入'] },
  { question: 'OLS是怎么估计参数的', kind: 'english', answers: ['通过使残差平方和最小来估计回归模型的参数'] },
  { question: 'BST左右子树有什么规律', kind: 'english', answers: ['左子树的值都小于它'] },
  { question: 'CNN为啥在图像识别上好使', kind: 'english', answers: ['通过卷积核提取局部特征'] },
  { question: 'TCP/IP一共分几层', kind: 'english', answers: ['分为网络接口层、网络层、传输层和应用层'] },
  { question: '营销里的4P是哪四个P', kind: 'english', answers: ['包括产品、价格、渠道和促销'] },
  { question: 'SN1还是SN2，怎么判断走哪个', kind: 'english', answers: ['走哪一种取决于底物结构和反应条件'] },

  // ── followup: asked on a lecture's play page ──
  { question: '它查东西为什么这么快', kind: 'followup', watching: '哈希表', answers: ['平均查找时间为常数级'] },
  {
    question: '它算梯度靠的是哪个求导法则',
    kind: 'followup',
    watching: '反向传播算法',
    answers: ['利用链式法则计算神经网络各层参数的梯度'],
  },
  {
    question: '莎士比亚写的这种诗结构是怎样的',
    kind: 'followup',
    watching: '十四行诗',
    answers: ['三个四行诗节加一个对句'],
  },
  { question: '它有多少年历史了', kind: 'followup', watching: '古琴艺术', answers: ['已有三千多年历史'] },
  { question: '这件事对唐朝影响有多大', kind: 'followup', watching: '安史之乱', answers: ['成为唐朝由盛转衰的转折点'] },
  { question: '它有多长，哪年通的车', kind: 'followup', watching: '港珠澳大桥', answers: ['全长约五十五公里'] },
  {
    question: '那物质波又是谁提出来的',
    kind: 'followup',
    watching: '波粒二象性',
    answers: ['德布罗意提出了物质波的概念'],
  },

  // ── paraphrase ──
  {
    question: '新发展格局里说的双循环具体指什么',
    kind: 'paraphrase',
    answers: ['以国内大循环为主体、国内国际双循环相互促进'],
  },
  {
    question: '总体国家安全观以什么为宗旨、以什么为根本',
    kind: 'paraphrase',
    answers: ['以人民安全为宗旨、政治安全为根本'],
  },
  { question: '社会主义的本质该怎么概括', kind: 'paraphrase', answers: ['解放生产力，发展生产力，消灭剥削'] },
  { question: '现行宪法通过以后一共改过几次', kind: 'paraphrase', answers: ['先后进行了五次修改'] },
  {
    question: '数据凭什么能和土地、劳动力、资本并列成为生产要素',
    kind: 'paraphrase',
    answers: ['具有非竞争性和可复制性'],
  },
  { question: '我国城镇化率现在大概到多少了', kind: 'paraphrase', answers: ['常住人口城镇化率已超过百分之六十五'] },

  // ── indirect: described without its name ──
  {
    question: '圣西门、傅立叶、欧文那几个人批判资本主义，为啥最后没成',
    kind: 'indirect',
    answers: ['却找不到变革社会的现实力量'],
  },
  { question: '省这一级行政区是从哪个朝代开始有的', kind: 'indirect', answers: ['由元朝确立，是中国省制的开端'] },
  { question: '中国第一部比较系统的成文法典是谁编的', kind: 'indirect', answers: ['战国时期李悝编撰'] },
  {
    question: '胡塞尔说要把对外部世界的看法先放进括号里，这是什么方法',
    kind: 'indirect',
    answers: ['把对外部世界存在的自然态度暂时放入括号'],
  },
  { question: '怎么知道太阳系外面还有别的行星', kind: 'indirect', answers: ['凌星法和视向速度法是主要的探测方法'] },
  {
    question: '二极管为什么电流只能往一个方向走',
    kind: 'indirect',
    answers: ['具有单向导电性，是二极管和晶体管的基础'],
  },

  // ── alias: a person or work under another name ──
  { question: '铁人王进喜是在哪场会战里出来的', kind: 'alias', answers: ['1960年开始的石油勘探开发大会战'] },
  { question: '阮冈纳赞提的那五条定律是什么', kind: 'alias', answers: ['书是为了用的，每个读者有其书'] },
  { question: '孙少安孙少平两兄弟那本小说是谁写的', kind: 'alias', answers: ['路遥的长篇小说'] },
  { question: '九章和祖冲之号是干啥用的', kind: 'alias', answers: ['利用量子比特的叠加和纠缠进行信息处理'] },
  { question: '梁祝小提琴协奏曲是谁作的曲', kind: 'alias', answers: ['何占豪、陈钢创作的作品'] },

  // ── offcorpus: chit-chat ──
  { question: '今天好冷啊，明天还会降温吗', kind: 'offcorpus', answers: [] },
  { question: '你好呀，你是谁', kind: 'offcorpus', answers: [] },
  { question: '晚上吃啥好，麻辣烫还是黄焖鸡', kind: 'offcorpus', answers: [] },
  { question: '帮我订一张周五去成都的高铁票', kind: 'offcorpus', answers: [] },
  { question: '天气预报说明天降水概率百分之七十，周末爬山还去得成吗', kind: 'offcorpus', answers: [] },
  { question: '讲个笑话呗', kind: 'offcorpus', answers: [] },
  { question: '四六级什么时候出成绩', kind: 'offcorpus', answers: [] },
  { question: '学校图书馆周末几点开门', kind: 'offcorpus', answers: [] },
  // ── offcorpus: near misses, next to a lecture but not in it ──
  { question: '勾股定理有几种证明方法', kind: 'offcorpus', answers: [] },
  { question: '孟德尔的豌豆杂交实验得出了什么定律', kind: 'offcorpus', answers: [] },
  { question: '欧姆定律的公式是什么', kind: 'offcorpus', answers: [] },
  { question: '通货膨胀率是怎么算的，跟CPI什么关系', kind: 'offcorpus', answers: [] },
  { question: '快速排序的平均时间复杂度是多少', kind: 'offcorpus', answers: [] },
  { question: '链表和数组有什么区别', kind: 'offcorpus', answers: [] },
  { question: '海明威的《老人与海》讲了个什么故事', kind: 'offcorpus', answers: [] },
  { question: '莫扎特一共写了多少部歌剧', kind: 'offcorpus', answers: [] },
  { question: '抑郁症一般要吃什么药', kind: 'offcorpus', answers: [] },
  { question: '申请专利要多久才能批下来', kind: 'offcorpus', answers: [] },
  { question: '青霉素是谁发现的', kind: 'offcorpus', answers: [] },
  { question: '二叉树的中序遍历怎么写', kind: 'offcorpus', answers: [] },
];
