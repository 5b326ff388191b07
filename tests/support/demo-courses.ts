/**
 * The home page's recommended demo courses with their videos' media state, asked through the gateway as
 * a visitor (which starts no lecture): e2e files pick from them a course whose lecture is already made.
 */
export interface RecommendedCourse {
  readonly courseId: number;
  readonly videos: ReadonlyArray<{ readonly videoId: number; readonly mediaState: string }>;
}

export async function recommendedCourses(baseUrl: string): Promise<RecommendedCourse[]> {
  const answer = await fetch(`${baseUrl}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      query: '{ recommendedCourses(first: 14) { edges { node { courseId videos { videoId mediaState } } } } }',
    }),
  });
  const { data } = (await answer.json()) as {
    data: { recommendedCourses: { edges: Array<{ node: RecommendedCourse }> } };
  };
  return data.recommendedCourses.edges.map((edge) => edge.node);
}
