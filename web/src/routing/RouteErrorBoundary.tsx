import { Component, type ReactNode } from 'react';
import { ErrorView } from '../components/Feedback/ErrorView';

interface Props {
  /** When this changes (a new query reference after retry), the boundary tries again. */
  readonly resetKey: unknown;
  readonly onRetry: () => void;
  readonly children: ReactNode;
}

interface State {
  readonly error: unknown;
  readonly resetKey: unknown;
}

interface GraphQLErrorLike {
  readonly message?: string;
  readonly extensions?: { readonly code?: string };
}

/**
 * What to tell the user: an id that does not exist (the gateway's NOT_FOUND, e.g. 分类不存在) or
 * input it refuses (BAD_USER_INPUT) is not worth a retry; anything else (network, upstream down or
 * busy: the gateway's own sentence then) is.
 */
export function describeRouteError(error: unknown): { title: string; description: string; retry: boolean } {
  const source = (error as { source?: { errors?: readonly GraphQLErrorLike[] } } | null)?.source;
  const notFound = source?.errors?.find((e) => e.extensions?.code === 'NOT_FOUND');
  if (notFound) {
    return { title: '内容不存在', description: notFound.message || '您访问的内容不存在或已下线。', retry: false };
  }
  // the address asks for something the gateway refuses (e.g. a search keyword over 50 characters):
  // its message says what, and trying again would not change it
  const badInput = source?.errors?.find((e) => e.extensions?.code === 'BAD_USER_INPUT');
  if (badInput) {
    return { title: '无法完成请求', description: badInput.message || '请求参数有误。', retry: false };
  }
  // a service behind the gateway did not answer: the gateway says whether it is busy (服务繁忙，请稍后再试:
  // slow, or not being called for a few seconds) or down, and trying again shortly is the thing to do
  const unavailable = source?.errors?.find((e) => e.extensions?.code === 'UPSTREAM_UNAVAILABLE');
  if (unavailable) {
    return { title: '页面加载失败', description: unavailable.message || '服务繁忙，请稍后再试', retry: true };
  }
  return { title: '页面加载失败', description: '网络异常或服务暂时不可用，请稍后重试。', retry: true };
}

/**
 * Around every route: a Chinese error view with a retry button instead of a blank page.
 * (React itself reports caught errors to the console.)
 */
export class RouteErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error: error ?? new Error('unknown error') };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey !== state.resetKey ? { error: null, resetKey: props.resetKey } : null;
  }

  override render(): ReactNode {
    if (this.state.error) {
      const { title, description, retry } = describeRouteError(this.state.error);
      return <ErrorView title={title} description={description} onRetry={retry ? this.props.onRetry : undefined} />;
    }
    return this.props.children;
  }
}
