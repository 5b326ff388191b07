/**
 * One text policy for every field a person types, through the real servers over signed HTTP: notes
 * (AddNote), 弹幕 (danmaku Send), fragment names (ClipVideo), AI questions (flowQuestion), search
 * keywords (SearchByKeyWord and its counts) on the main API, and the profile (UpdateUserExtraInfo)
 * on the login service. Each class of character, field by field: control characters and bidi
 * overrides refused with the field's sentence, text of invisible characters only judged empty
 * (the field's empty rule), invisible formatting removed, line breaks kept or made a space, NFC
 * applied before the length is counted.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ask } from './ai-stream-client';
import { startTestApi, type TestApi } from './harness';
import { from, startTestLogin, type TestLogin } from './login-harness';
import { addMember, expectRefused } from './play-fixture';
import type { NoteItem } from '../../upstream/src/main-api/contract';

/** one of each class the policy refuses */
const REFUSED = {
  escape: '红色\u001b[31m文字',
  nul: '空\u0000字',
  c1: '控制\u009b字',
  del: '删\u007f除',
  override: '好评\u202e如潮',
  isolate: '开\u2066始\u2069',
};
/** nothing visible: the field's empty rule applies */
const INVISIBLE_ONLY = ' \u200b\u200c\u200d\u2060\ufeff\u3000 ';
/** invisible formatting inside text: removed */
const WITH_INVISIBLE = '\ufeff重\u200b点\u2060内\u00ad容\u200e';
/** a decomposed é: one character once NFC */
const DECOMPOSED_E = 'e\u0301';

describe('the text policy, field by field', () => {
  let api: TestApi;
  let writer: number;

  beforeAll(async () => {
    api = await startTestApi();
    writer = await addMember(api.store, 'text-policy-writer');
  });
  afterAll(() => api.stop());

  describe('notes (multi-line, 500)', () => {
    const add = (content: string) =>
      api.client.postJson<NoteItem>('/api/operate/AddNote', {
        userId: writer,
        userName: '',
        comId: 0,
        videoId: 11,
        courseId: 1,
        catalogId: 100,
        type: 1,
        vtime: 1,
        content,
      });

    it('refuses control characters and bidi controls: 笔记包含无法显示的字符', async () => {
      for (const raw of Object.values(REFUSED)) expectRefused(await add(raw), '笔记包含无法显示的字符');
    });

    it('judges invisible-only text empty (请输入笔记内容) and removes invisible formatting', async () => {
      expectRefused(await add(INVISIBLE_ONLY), '请输入笔记内容');
      expect((await add(WITH_INVISIBLE)).body.items.content).toBe('重点内容');
    });

    it('keeps line breaks as \\n and tabs; NFC before counting 500', async () => {
      expect((await add('第一段\r\n\t第二段\u2028第三段')).body.items.content).toBe('第一段\n\t第二段\n第三段');
      const accented = await add(DECOMPOSED_E.repeat(500));
      expect(accented.body.code).toBe(2001);
      expect(accented.body.items.content).toBe('\u00e9'.repeat(500));
      expectRefused(await add('\u00e9'.repeat(501)), '笔记内容不能超过500字');
    });
  });

  describe('弹幕 (one line, 30)', () => {
    const send = (content: string) =>
      api.client.postJson<{ content: string }>('/api/danmaku/Send', { userId: writer, videoId: 11, vtime: 1, content });

    it('refuses control characters and bidi controls: 弹幕包含无法显示的字符', async () => {
      for (const raw of Object.values(REFUSED)) expectRefused(await send(raw), '弹幕包含无法显示的字符');
    });

    it('judges invisible-only text empty (请输入弹幕内容), removes invisible formatting, makes line breaks a space, NFC before counting 30', async () => {
      expectRefused(await send(INVISIBLE_ONLY), '请输入弹幕内容');
      expect((await send(WITH_INVISIBLE)).body.items.content).toBe('重点内容');
      expect((await send('一\r\n\t二')).body.items.content).toBe('一 二');
      expect((await send(DECOMPOSED_E.repeat(30))).body.items.content).toBe('\u00e9'.repeat(30));
      // an emoji sequence keeps its joiners
      expect((await send('👨\u200d👩\u200d👧')).body.items.content).toBe('👨\u200d👩\u200d👧');
    });
  });

  describe('fragment names (one line, 50)', () => {
    // an unknown video: a name the policy refuses is refused before the video is looked up
    const clip = (fragmentName: string) =>
      api.client.get('/api/play/ClipVideo', {
        videoCode: 'V999999',
        userId: writer,
        productId: 1,
        startTime: 0,
        endTime: 5,
        fragmentName,
      });

    it('refuses control characters and bidi controls: 片段名称包含非法字符', async () => {
      for (const raw of Object.values(REFUSED)) expectRefused(await clip(raw), '片段名称包含非法字符');
    });

    it('counts 50 after removing invisible characters and NFC', async () => {
      expectRefused(await clip('名'.repeat(51)), '片段名称不能超过50个字');
      // within 50 once cleaned: the name passes, and the unknown video answers
      for (const name of ['名\u200b'.repeat(50), DECOMPOSED_E.repeat(50), INVISIBLE_ONLY]) {
        expect((await clip(name)).body.message, JSON.stringify(name)).not.toMatch(/片段名称/);
      }
    });
  });

  describe('AI questions (multi-line, 200)', () => {
    const refusal = async (question: string) => {
      const result = await ask(api.client, { productId: 1, userId: writer, question });
      expect(result.chunks).toEqual([]);
      return result.envelope!;
    };

    it('refuses control characters and bidi controls: 问题包含无法显示的字符', async () => {
      for (const raw of Object.values(REFUSED))
        expect(await refusal(raw), JSON.stringify(raw)).toMatchObject({
          code: 4000,
          message: '问题包含无法显示的字符',
        });
    });

    it('judges invisible-only text empty (请输入内容) and counts 200 after cleaning', async () => {
      expect(await refusal(INVISIBLE_ONLY)).toMatchObject({ code: 4000, message: '请输入内容' });
      expect(await refusal('问'.repeat(201))).toMatchObject({ code: 4000, message: '输入限200字以内' });
      const asker = await addMember(api.store, 'text-policy-asker');
      const asked = await ask(api.client, {
        productId: 1,
        userId: asker,
        question: `${'问\u200b'.repeat(199)}${DECOMPOSED_E}`,
      });
      expect(asked.status).toBe(200);
      expect(asked.chunks.at(-1)).toMatch(/^end:/);
    });
  });

  describe('search keywords (one line, 50)', () => {
    const counts = (keyword: string) =>
      api.client.get<Record<string, number>>('/api/search/GetSearchCountByKeyWord', { SearchByKeyWord: keyword });

    it('refuses control characters and bidi controls: 搜索关键词包含无法显示的字符', async () => {
      for (const raw of Object.values(REFUSED)) {
        const res = await counts(raw);
        expect(res.body, JSON.stringify(raw)).toEqual({
          code: 4000,
          message: '搜索关键词包含无法显示的字符',
          items: null,
        });
      }
    });

    it('judges invisible-only text empty (请输入搜索关键词) and searches the cleaned keyword', async () => {
      expect((await counts(INVISIBLE_ONLY)).body).toEqual({ code: 4000, message: '请输入搜索关键词', items: null });
      const plain = await counts('哲学');
      expect(plain.body.code).toBe(2000);
      expect(Object.values(plain.body.items).some((n) => n > 0)).toBe(true);
      expect((await counts('\ufeff哲\u200b学\u200e')).body.items).toEqual(plain.body.items);
      expect((await counts(`哲学${'\u200b'.repeat(60)}`)).body.items).toEqual(plain.body.items);
    });
  });
});

describe('the text policy on the profile (login service)', () => {
  let login: TestLogin;
  let token: string;
  let userId: number;

  beforeAll(async () => {
    login = await startTestLogin();
    const res = await login.client.postJson<{ token: string }>(
      '/UserCenterApi/Login',
      { userName: 'student', password: 'Student2026' },
      from('192.0.2.51'),
    );
    token = res.body.items.token;
    userId = (await login.store.users.getByName('student'))!.userId;
  });
  afterAll(() => login.stop());

  const fields = {
    realName: '张三',
    address: '',
    gender: '1',
    school: '',
    major: '',
    className: '',
    studentId: '',
    info: '',
    birthday: '',
  };
  const update = (change: Record<string, string>) =>
    login.client.postJson('/UserCenterApi/UpdateUserExtraInfo', {
      token,
      userId: String(userId),
      ...fields,
      ...change,
    });
  const stored = async () => (await login.store.users.get(userId))!;

  it('refuses control characters and bidi controls in every text field: 内容包含非法字符', async () => {
    for (const field of ['realName', 'address', 'school', 'major', 'className', 'info', 'studentId', 'birthday']) {
      for (const raw of Object.values(REFUSED)) {
        const res = await update({ [field]: raw });
        expect(res.body, `${field} ${JSON.stringify(raw)}`).toEqual({
          code: -1,
          message: '内容包含非法字符',
          items: null,
        });
      }
    }
  });

  it('stores invisible-only text as empty; removes invisible formatting; keeps line breaks in the intro only', async () => {
    expect((await update({ realName: INVISIBLE_ONLY, info: INVISIBLE_ONLY, school: WITH_INVISIBLE })).body.code).toBe(
      2001,
    );
    expect(await stored()).toMatchObject({ realName: '', info: '', school: '重点内容' });
    expect((await update({ address: '北京市\r\n海淀区', info: '第一段\r\n\t第二段' })).body.code).toBe(2001);
    expect(await stored()).toMatchObject({ address: '北京市 海淀区', info: '第一段\n\t第二段' });
  });

  it('counts the intro’s 400 after NFC and without invisible characters', async () => {
    expect((await update({ info: DECOMPOSED_E.repeat(400) })).body.code).toBe(2001);
    expect((await stored()).info).toBe('\u00e9'.repeat(400));
    expect((await update({ info: '简\u200b'.repeat(400) })).body.code).toBe(2001);
    expect((await update({ info: '简'.repeat(401) })).body).toEqual({
      code: -1,
      message: '个人简介不能超过400字',
      items: null,
    });
  });
});
