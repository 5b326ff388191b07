/**
 * Where the AI content block goes (product-spec §2 and issue 6: 课程概览, 视频摘要, 知识要点 with
 * their timestamps (15 before 显示更多), 猜你想问 and 相关专业). Issue 6 fills it; until then it
 * renders nothing rather than anything made up. It receives what that block will need.
 */
export function AiContentSlot(_props: { readonly courseId: number; readonly videoId: number }) {
  return null;
}
