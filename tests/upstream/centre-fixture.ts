/**
 * What the personal-centre tests share: accounts written straight into the store (the login
 * service's own rules are tested elsewhere), and small helpers over the signed client (the item
 * shapes of upstream/API.md "Main API: personal centre" are upstream/src/main-api/contract.ts's).
 */
import { expect } from 'vitest';
import type { Store } from '../../upstream/src/store';
import type { ApiResponse, ParamsInput, UpstreamClient } from './client';

export const DAY_MS = 86_400_000;

/** a personal account without a password (enough for the main API, which trusts the signed userId) */
export async function addUser(store: Store, userName: string): Promise<number> {
  return (await store.users.insert({ userName, passwordHash: null, userType: 1, comId: null }, Date.now())).userId;
}

/** A call without sign/timespan headers at all: the contract answers 401 / 4001. */
export async function expectUnsigned(
  baseUrl: string,
  path: string,
  params: Record<string, string>,
  method: 'GET' | 'POST' = 'GET',
) {
  const query = new URLSearchParams(params).toString();
  const res =
    method === 'GET'
      ? await fetch(`${baseUrl}${path}?${query}`, { headers: { productId: '1' } })
      : await fetch(`${baseUrl}${path}`, {
          method: 'POST',
          headers: { productId: '1', 'Content-Type': 'application/json' },
          body: JSON.stringify(params),
        });
  expect(res.status).toBe(401);
  expect(await res.json()).toEqual({ code: 4001, message: '签名校验失败', items: null });
}

/** 4000 whose Chinese message names the parameter */
export function expectBadParameter(res: ApiResponse, parameter: string): void {
  expect(res.status).toBe(400);
  expect(res.body.code).toBe(4000);
  expect(res.body.items).toBeNull();
  expect(res.body.message).toContain(parameter);
}

/** pageSize limits of a paged personal-centre list: 1..max accepted, 0 and max+1 refused */
export async function expectPageSizeLimit(client: UpstreamClient, path: string, params: ParamsInput, max: number) {
  const ok = await client.get(path, { ...params, pageIndex: 1, pageSize: max });
  expect(ok.body.code).toBe(2000);
  for (const pageSize of [0, max + 1, -1, '1.5', 'abc']) {
    const bad = await client.get(path, { ...params, pageIndex: 1, pageSize });
    expectBadParameter(bad, 'pageSize');
  }
  const beyond = await client.get(path, { ...params, pageIndex: 1, pageSize: max + 1 });
  expect(beyond.body.message).toBe(`参数 pageSize 必须是 1 到 ${max} 之间的整数`);
  expectBadParameter(await client.get(path, { ...params, pageIndex: 0, pageSize: 10 }), 'pageIndex');
}

/** A userId with no account is a 4000 naming userId; a missing or non-positive one too. */
export async function expectUnknownUserRefused(
  send: (userId: ParamsInput['userId']) => Promise<ApiResponse>,
): Promise<void> {
  for (const userId of [999_999, 0, -3, 'x', undefined]) {
    expectBadParameter(await send(userId), 'userId');
  }
}
