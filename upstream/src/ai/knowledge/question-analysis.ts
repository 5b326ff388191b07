/**
 * A question → the keywords the knowledge base looks for: search's jieba analysis of the text
 * (search/analyzer.ts analyzeKeyword: precise cut, stopwords dropped, a long text keeps its
 * longer words), then without the words that make it a question (什么, 如何, 吗...) and the
 * generic words of asking about a lecture (讲了, 内容, 含义...), which every passage would match.
 * The analyzer keeps its stopwords when nothing else is left (a search for 的 finds something);
 * a question made only of them (的, 是什么) has no keywords here, and is answered honestly that
 * nothing relevant was found.
 */
import { analyzeKeyword } from '../../search/analyzer';

const QUESTION_WORDS = new Set([
  '什么', '什么样', '为什么', '为何', '如何', '怎么', '怎么样', '怎样', '哪些', '哪个', '哪里', '哪儿', '哪',
  '谁', '几', '多少', '怎么回事', '回事', '观点', '看法', '认为', '吗', '呢', '吧', '么', '是', '是否', '是不是', '有', '有没有', '没有', '能', '能否',
  '可以', '应该', '请问', '请', '问', '一下', '介绍', '讲讲', '说说', '谈谈', '讲', '讲了', '讲的', '说',
  '解释', '理解', '含义', '意思', '内容', '知道', '告诉', '我', '我们', '你', '您', '这', '那', '这个',
  '那个', '一个', '关于', '以及', '还有', '主要', '具体', '哪一讲', '视频', '课程', '老师', '里', '中',
  'what', 'why', 'how', 'who', 'which', 'is', 'are', 'does', 'do',
]);

/** search/analyzer.ts's stopwords: particles and pronouns every passage has */
const STOPWORDS = new Set([
  '的', '了', '是', '和', '与', '及', '或', '在', '我们', '我', '你', '您', '他', '她', '它', '他们',
  '这', '那', '这个', '那个', '一个', '就', '也', '都', '而', '之', '其', '把', '被', '对', '吗',
  '呢', '吧', '啊', '着', '过', '又', '还', '很', '让', '从', '向', '为', '以', '于', '等', '个',
  'the', 'a', 'an', 'of', 'and', 'or', 'to', 'in', 'is',
]);

const HAN = /\p{Script=Han}/u;
const singleHan = (word: string) => [...word].length === 1 && HAN.test(word);

/** the question's keywords, in the order they appear; [] when it has none */
export function questionKeywords(question: string): string[] {
  const words = analyzeKeyword(question).words.filter((w) => !QUESTION_WORDS.has(w) && !STOPWORDS.has(w));
  // single characters match nearly everything: kept only when nothing longer remains
  const longer = words.filter((w) => !singleHan(w));
  return longer.length > 0 ? longer : words;
}
