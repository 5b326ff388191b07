/** Records of the personal centre as the gateway answers them (schema.graphql), for MockPayloadGenerator resolvers. */
import { mockConnection, mockCourse } from './mockData';

export const MEMBER = {
  userType: 1,
  isLoggedIn: true,
  isIP: false,
  userId: 42,
  name: '张同学',
  comName: null,
  comId: null,
  comCode: null,
  headPicture: null,
  phoneNumber: '13800001234',
  email: 'zhang@example.edu.cn',
};

export const ANONYMOUS = {
  userType: -1,
  isLoggedIn: false,
  isIP: true,
  userId: null,
  name: null,
  comName: null,
  comId: null,
  comCode: null,
  headPicture: null,
  phoneNumber: null,
  email: null,
};

export const LIBRARY_MEMBER = {
  ...ANONYMOUS,
  userType: 2,
  isLoggedIn: true,
  isIP: false,
  userId: 7,
  name: '示范大学图书馆',
  comName: '示范大学图书馆',
  comId: 3,
  comCode: 'demo-library',
};

let seq = 0;
const next = () => (seq += 1);

export function mockNote(overrides: Record<string, unknown> = {}) {
  const n = next();
  return {
    __typename: 'Note',
    id: `Tm90ZTo${n}`,
    noteId: n,
    content: `笔记内容${n}`,
    vtime: 75,
    noteTime: '2026-11-20T08:30:00.000Z',
    isPublic: true,
    isMine: true,
    collectedByViewer: false,
    authorName: '张同学',
    videoId: 501,
    courseId: 11,
    catalogueId: 7,
    videoName: '第一讲 绪论',
    videoImage: '/media/v/501.jpg',
    courseName: '中国近现代史纲要',
    ...overrides,
  };
}

export function mockHistoryEntry(updateTime: string, overrides: Record<string, unknown> = {}) {
  const n = next();
  return {
    id: `Vmlld0xvZzo${n}`,
    updateTime,
    lastPlayTime: 125,
    duration: 1800,
    videoId: 600 + n,
    courseId: 20,
    catalogueId: 8,
    videoName: `历史视频${n}`,
    videoImage: `/media/v/${n}.jpg`,
    numberShow: '1',
    courseName: '马克思主义基本原理',
    ...overrides,
  };
}

export function mockMessage(overrides: Record<string, unknown> = {}) {
  const n = next();
  return {
    __typename: 'Message',
    id: `TWVzc2FnZTo${n}`,
    messageId: n,
    type: 1,
    typeName: '系统通知',
    message: `消息${n}`,
    createTime: '2026-11-21T02:00:00.000Z',
    videoName: '',
    ...overrides,
  };
}

export function mockFragment(overrides: Record<string, unknown> = {}) {
  const n = next();
  return {
    __typename: 'Fragment',
    id: `RnJhZ21lbnQ6${n}`,
    fragmentId: n,
    name: `第一讲-片段${n}`,
    videoName: '第一讲 绪论',
    videoId: 501,
    courseId: 11,
    duration: 95,
    createTime: '2026-11-20T08:00:00.000Z',
    expireTime: '2026-12-20T08:00:00.000Z',
    downloadable: true,
    videoAddress: `/media/fragments/${n}.mp4`,
    ...overrides,
  };
}

/** The profile a personal account has (个人资料 and 账户设置 read it). */
export function mockUserProfile(overrides: Record<string, unknown> = {}) {
  return {
    userId: 42,
    userName: 'zhang',
    realName: '张同学',
    gender: 'MALE',
    address: '',
    birthday: '2004-05-06',
    school: '示范大学',
    major: '思想政治教育',
    className: '2022级1班',
    studentId: '2022-001',
    info: '',
    headPicture: '',
    phoneNumber: '13800001234',
    email: 'zhang@example.edu.cn',
    canChangePassword: true,
    changeEmailUrl: 'http://login.example.edu.cn/email',
    changePhoneUrl: 'http://login.example.edu.cn/phone',
    findPasswordUrl: 'http://login.example.edu.cn/find-password',
    bindings: [
      { provider: 'QQ', label: 'QQ', bound: true, bindUrl: 'http://login.example.edu.cn/bind?type=1' },
      { provider: 'WECHAT', label: '微信', bound: false, bindUrl: 'http://login.example.edu.cn/bind?type=2' },
      { provider: 'WEIBO', label: '微博', bound: false, bindUrl: 'http://login.example.edu.cn/bind?type=3' },
    ],
    ...overrides,
  };
}

/** Everything the centre reads about the viewer, overridable per test. */
export function centerViewer(overrides: Record<string, unknown> = {}) {
  return {
    ...MEMBER,
    profile: mockUserProfile(),
    favouriteCourses: mockConnection([mockCourse({ name: '收藏的课程一' })], false),
    myNotes: mockConnection([mockNote()], false),
    collectedNotes: mockConnection([], false),
    history: [],
    messages: mockConnection([], false),
    fragments: mockConnection([], false),
    ...overrides,
  };
}

/** The rest of what the shell and the home page ask for. */
export const SHELL_RESOLVERS = {
  Site: () => ({ loginUrl: 'http://login.example.edu.cn/login', currentYear: 2026, title: '思政云课堂' }),
  Query: () => ({
    subjects: [],
    banners: [],
    selectedCourses: [],
    recommendedAuthors: [],
    featuredTopics: [],
    recommendedCourses: mockConnection([mockCourse({ name: '推荐课程一' })], false),
    statistics: { courseCount: 10, videoCount: 90 },
  }),
  RecordVisitPayload: () => ({ logId: '1', errors: [] }),
};
