/**
 * Words a question is made of that say nothing about what it asks: the Chinese function words of
 * stopwords-iso (794 words: particles, pronouns, conjunctions, adverbs of degree), and the words of
 * asking itself, of the classroom and of chat that students wrap a question in (请问, 到底, 老师
 *课上提到的, 考试要考吗, 通俗点讲…). The AI's question analysis drops them; search keeps its own
 * short list (analyzer.ts), since a search box holds keywords, not sentences.
 *
 * A word here must never be what a question is about in the lectures: 原因 and 区别 are not here
 * (the comparison detector reads them), nor are subject words such as 理论 or 社会.
 */
import stopwordsIso from 'stopwords-iso';

/** asking: what makes a sentence a question, or a request for an explanation */
const ASKING = [
  '什么', '什么样', '啥', '为什么', '为啥', '为何', '如何', '怎么', '怎么样', '怎样', '咋', '咋样', '哪些', '哪个',
  '哪里', '哪儿', '哪', '哪位', '谁', '几', '多少', '啥意思', '什么意思', '是啥', '叫啥', '干啥', '干嘛', '怎么回事', '回事', '是否', '是不是', '有没有', '能否', '能不能',
  '可不可以', '可以', '应该', '请问', '请', '问', '问下', '问一下', '想问', '一下', '介绍', '介绍一下', '讲讲', '说说',
  '谈谈', '聊聊', '讲', '讲了', '讲的', '讲到', '提到', '说', '说的', '说过', '解释一下', '理解', '含义',
  '意思', '内容', '知道', '告诉', '叫', '叫做', '称为', '指', '指的是', '到底', '究竟', '具体', '主要', '大概',
  '大致', '简单', '通俗', '通俗点', '举例', '举个', '例子', '概括', '总结', '一句话', '定义', '概念', '观点', '看法',
  '认为', '呢', '吗', '吧', '啊', '呀', '嘛', '么', '哈', '哦', '呗', '咯',
];

/** the classroom and the platform: every lecture has them */
const CLASSROOM = [
  '老师', '教授', '课上', '课堂', '上课', '这节课', '这门课', '本课', '课程', '课', '讲座', '视频', '这讲',
  '这一讲', '那一讲', '哪一讲', '本讲', '第几讲', '讲座里', '里面', '里', '中', '同学', '同学们', '我们', '大家',
  '书上', '教材', '课本', '知识点', '笔记', '考试', '考', '要考', '期末', '复习', '作业', '论文',
];

/** chat: time, feelings and hedges that students mix in */
const CHAT = [
  '今天', '昨天', '明天', '刚才', '刚刚', '现在', '最近', '一直', '总是', '老是', '经常', '还是', '有点', '有些',
  '一点', '点', '好像', '似乎', '感觉', '觉得', '想', '想知道', '不太', '不太懂', '不懂', '没懂', '搞', '搞混',
  '搞不清', '分不清', '弄', '弄明白', '明白', '清楚', '听', '听说', '听到', '看到', '记得', '忘了', '帮', '帮我',
  '能', '不能', '会', '不会', '要', '不要', '得', '没', '没有', '不', '是不是', '算不算', '有人', '真的', '其实', '所谓', '那个', '这个', '这些', '那些', '东西', '事', '事情', '一个', '一种',
  '室友', '朋友', '我', '你', '您', '他', '她', '它', '咱们', '人家', '谢谢', '麻烦', '好的', '嗯',
  // pointing at what was just said (这种犯罪, 这是什么原理, 这叫啥), and hedges of the telling (一起, 不到, 先)
  '这种', '那种', '这是', '那是', '这样', '那样', '这叫', '那叫', '一起', '不到', '先',
];

const ISO_CHINESE: readonly string[] = (stopwordsIso as Record<string, string[]>).zh ?? [];

/** the words the AI's question analysis drops (lower case) */
export const QUESTION_STOPWORDS: ReadonlySet<string> = new Set(
  [...ISO_CHINESE, ...ASKING, ...CLASSROOM, ...CHAT, 'what', 'why', 'how', 'who', 'which', 'is', 'are', 'does', 'do', 'the', 'a', 'an', 'of', 'and', 'or', 'to', 'in'].map(
    (w) => w.toLowerCase(),
  ),
);

/**
 * Words that make a question a comparison of two or more things (区别, 异同…): the question is
 * split at its conjunctions, and each side retrieves its own passages.
 */
export const COMPARISON_WORDS: ReadonlySet<string> = new Set([
  '区别', '差别', '差异', '不同', '不同点', '异同', '相同', '相同点', '共同点', '一样', '不一样', '联系', '关系', '各自', '两者', '二者',
  '比较', '对比', '相比', '比', '分别', '哪个', '还是', 'vs',
]);

/** the conjunctions that separate the sides of a comparison */
export const CONJUNCTIONS: ReadonlySet<string> = new Set(['和', '与', '跟', '同', '及', '以及', '、', '还是', '或', '或者', 'vs', '对比', '相比', '比']);
