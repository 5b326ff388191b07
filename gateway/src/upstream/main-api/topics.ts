/**
 * upstream/API.md "Main API: topics and lecturers", the topics' half. Every call names the
 * organisation (the viewer's, else the site's): topics are per organisation.
 */
import type { RestPage, RestTopic } from '../types';
import type { MainApiCalls } from './calls';

export class TopicsApi {
  constructor(private readonly calls: MainApiCalls) {}

  async page(pageIndex: number, pageSize: number): Promise<RestPage<RestTopic>> {
    const { comId } = await this.calls.organisation();
    return this.calls.read<RestPage<RestTopic>>('/api/special/GetSpecialListByPage', { comId, pageSize, pageIndex });
  }

  /** One topic with all its courses, or null for an unknown id. */
  async detail(id: number): Promise<RestTopic | null> {
    const { comId } = await this.calls.organisation();
    return this.calls.readOrNull<RestTopic>('/api/special/GetSpecialDetails', { comId, id });
  }

  /** Topics by sort order, excluding one (0 = none): the home carousel. */
  async more(excludeId: number, limit: number): Promise<RestTopic[]> {
    const { comId } = await this.calls.organisation();
    return this.calls.read<RestTopic[]>('/api/special/GetMoreSpecialList', { comId, id: excludeId, limit });
  }

  /** The topic page's "more topics": those sharing most catalogues with it. */
  async related(id: number, limit: number): Promise<RestTopic[]> {
    const { comId } = await this.calls.organisation();
    return this.calls.read<RestTopic[]>('/api/special/GetRelatedSpecialList', { comId, id, limit });
  }
}
