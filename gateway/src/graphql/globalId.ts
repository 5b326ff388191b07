/**
 * Opaque global ids of the Relay server specification: base64 of "Type:key".
 * The key is the upstream id, or "courseId:videoId" for a video (videos are read through their
 * course), "videoId:id" for a scrolling comment (read through its video's list), or "author:id" for a node of the lecturer catalogue (it differs from the subject tree's
 * node with the same upstream id, so Relay must not merge them).
 */
export type NodeType =
  'Course' | 'Video' | 'Author' | 'Topic' | 'Catalogue' | 'Banner' | 'Note' | 'Message' | 'Fragment' | 'Danmaku';

const NODE_TYPES: readonly NodeType[] = [
  'Course',
  'Video',
  'Author',
  'Topic',
  'Catalogue',
  'Banner',
  'Note',
  'Message',
  'Fragment',
  'Danmaku',
];

/**
 * Types with an opaque id that are not Nodes (node(id:) does not read them): history entries, and
 * search's knowledge points (key: the upstream's `k-<videoId>-<seq>` or `t-<videoId>-<seq>`).
 */
export type OpaqueIdType = 'ViewLogEntry' | 'KnowledgePoint';

/** The most ids one nodes(ids) reads: each id is an upstream request (yoga/limits.ts refuses more before running). */
export const MAX_NODE_IDS = 30;

export function toGlobalId(type: NodeType | OpaqueIdType, key: string | number): string {
  return Buffer.from(`${type}:${key}`, 'utf8').toString('base64');
}

export interface DecodedGlobalId {
  type: NodeType;
  key: string;
}

/** Null for anything that is not one of our ids: the caller answers null, as for an unknown id. */
export function fromGlobalId(id: string): DecodedGlobalId | null {
  if (id.length === 0 || id.length > 200 || !/^[A-Za-z0-9+/]+={0,2}$/.test(id)) return null;
  const text = Buffer.from(id, 'base64').toString('utf8');
  const colon = text.indexOf(':');
  if (colon <= 0) return null;
  const type = text.slice(0, colon) as NodeType;
  if (!NODE_TYPES.includes(type)) return null;
  return { type, key: text.slice(colon + 1) };
}

/** The upstream id inside a global id of one type (a mutation's input), or null for anything else. */
export function idOfType(id: string, type: NodeType): number | null {
  const decoded = fromGlobalId(id);
  return decoded && decoded.type === type ? parseIdKey(decoded.key) : null;
}

/** Parses a decimal id key (upstream ids are non-negative integers). */
export function parseIdKey(key: string): number | null {
  if (!/^\d{1,15}$/.test(key)) return null;
  return Number(key);
}
