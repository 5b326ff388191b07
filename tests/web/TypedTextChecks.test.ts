/**
 * The web's instant checks of every typed field follow the servers' text policy (lib/userText,
 * mirroring upstream/src/text/user-text.ts): a control character or a direction override gets the
 * field's notice before anything is sent, text of invisible characters only is empty (the field's
 * empty notice), and what is sent is the cleaned text (line breaks kept or made a space, invisible
 * characters removed, NFC), counted as the server counts it.
 */
import { describe, expect, it } from 'vitest';
import { questionProblem, checkQuestion } from '../../web/src/components/AiAssistant/aiQuestionRules';
import { profileFieldProblem, profileInput, type ProfileDraft } from '../../web/src/components/Center/profileRules';
import { checkClip } from '../../web/src/components/PlayPage/clipRules';
import { checkDanmaku } from '../../web/src/components/Player/danmakuText';
import { checkKeyword, readSearchParams } from '../../web/src/routes/Search/searchParams';

const ESCAPE = '红\u001b[31m字';
const OVERRIDE = 'gpj.\u202emp4';
const INVISIBLE_ONLY = ' \u200b\u200d\ufeff\u2060 ';

describe('typed text on the web', () => {
  it('弹幕: bad characters, invisible-only as empty, one line, cleaned', () => {
    expect(checkDanmaku(ESCAPE)).toEqual({ ok: false, message: '弹幕包含无法显示的字符' });
    expect(checkDanmaku(OVERRIDE)).toEqual({ ok: false, message: '弹幕包含无法显示的字符' });
    expect(checkDanmaku(INVISIBLE_ONLY)).toEqual({ ok: false, message: '请输入弹幕内容' });
    expect(checkDanmaku('讲\u200b得\r\n好')).toEqual({ ok: true, content: '讲得 好' });
  });

  it('fragment names: bad characters refused, 50 counted after cleaning, invisible-only is the default name', () => {
    const form = (name: string) => ({ start: '0', end: '10', name });
    const limits = { duration: 100, existing: 0, defaultName: '视频-片段1' };
    expect(checkClip(form(OVERRIDE), limits)).toEqual({ ok: false, message: '片段名称包含非法字符', field: 'name' });
    expect(checkClip(form(ESCAPE), limits)).toEqual({ ok: false, message: '片段名称包含非法字符', field: 'name' });
    expect(checkClip(form('名'.repeat(51)), limits)).toMatchObject({ ok: false, message: '片段名称不能超过50个字' });
    expect(checkClip(form('名\u200b'.repeat(50)), limits)).toMatchObject({
      ok: true,
      request: { name: '名'.repeat(50) },
    });
    expect(checkClip(form(INVISIBLE_ONLY), limits)).toMatchObject({ ok: true, request: { name: null } });
    expect(checkClip(form('换\n行'), limits)).toMatchObject({ ok: true, request: { name: '换 行' } });
  });

  it('AI questions: bad characters, invisible-only as empty (请输入内容), 200 after NFC, line breaks kept', () => {
    expect(questionProblem(ESCAPE)).toBe('问题包含无法显示的字符');
    expect(questionProblem(OVERRIDE)).toBe('问题包含无法显示的字符');
    expect(questionProblem(INVISIBLE_ONLY)).toBe('请输入内容');
    expect(questionProblem('e\u0301'.repeat(200))).toBeNull();
    expect(questionProblem('问'.repeat(201))).toBe('输入限200字以内');
    expect(checkQuestion(' 第一问\r\n第二问\u200b ')).toEqual({ text: '第一问\n第二问', problem: null });
  });

  it('search keywords: bad characters, invisible-only as no keyword, the cleaned keyword is searched', () => {
    expect(checkKeyword(OVERRIDE)).toMatchObject({ problem: '搜索关键词包含无法显示的字符' });
    expect(checkKeyword(INVISIBLE_ONLY)).toEqual({ keyword: '', problem: '请输入搜索关键词' });
    expect(checkKeyword(`哲学${'\u200b'.repeat(60)}`)).toEqual({ keyword: '哲学', problem: null });
    expect(readSearchParams(new URLSearchParams({ key: '\ufeff哲\u200b学' }))).toMatchObject({
      keyword: '哲学',
      problem: null,
    });
  });

  it('profile: bad characters in any field, invisible-only stored empty, line breaks kept in the intro only', () => {
    const draft: ProfileDraft = {
      realName: '',
      gender: 'UNKNOWN',
      birthday: '',
      address: '',
      school: '',
      major: '',
      className: '',
      studentId: '',
      info: '',
    };
    const today = '2026-11-22';
    expect(profileFieldProblem('info', { ...draft, info: OVERRIDE }, today)).toBe('内容包含非法字符');
    expect(profileFieldProblem('realName', { ...draft, realName: ESCAPE }, today)).toBe('内容包含非法字符');
    expect(profileFieldProblem('studentId', { ...draft, studentId: 'S\u202e1' }, today)).toBe('内容包含非法字符');
    expect(profileFieldProblem('info', { ...draft, info: `${'简\u200b'.repeat(400)}` }, today)).toBeNull();
    expect(profileFieldProblem('address', { ...draft, address: '北京\r\n海淀' }, today)).toBeNull();
    expect(
      profileInput({ ...draft, realName: INVISIBLE_ONLY, address: '北京\r\n海淀', info: '第一段\r\n第二段\u200b' }),
    ).toMatchObject({
      realName: '',
      address: '北京 海淀',
      info: '第一段\n第二段',
    });
  });
});
