import { describe, expect, it } from 'vitest';
import { describeRouteError } from '../../web/src/routing/RouteErrorBoundary';

describe('route error view', () => {
  it('says an unknown id does not exist, without a retry', () => {
    const error = Object.assign(new Error('RelayNetwork: No data returned'), {
      source: { errors: [{ message: '分类不存在', extensions: { code: 'NOT_FOUND' } }], data: null },
    });
    expect(describeRouteError(error)).toEqual({ title: '内容不存在', description: '分类不存在', retry: false });
  });

  it("says the service is busy in the gateway's words when it did not answer in time, with a retry", () => {
    const error = Object.assign(new Error('RelayNetwork: No data returned'), {
      source: {
        errors: [{ message: '服务繁忙，请稍后再试', extensions: { code: 'UPSTREAM_UNAVAILABLE' } }],
        data: null,
      },
    });
    expect(describeRouteError(error)).toEqual({
      title: '页面加载失败',
      description: '服务繁忙，请稍后再试',
      retry: true,
    });
  });

  it('offers a retry for network or gateway failures', () => {
    expect(describeRouteError(new Error('Server responded with 502: Bad Gateway'))).toMatchObject({
      title: '页面加载失败',
      retry: true,
    });
  });
});
