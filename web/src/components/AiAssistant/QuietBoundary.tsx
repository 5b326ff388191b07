import { Component, type ReactNode } from 'react';

/**
 * Catches a failed load inside the drawer (suggested questions, the viewer) so that it shows
 * `fallback` there instead of taking the shell, and with it the page, down.
 */
export class QuietBoundary extends Component<
  { readonly fallback: ReactNode; readonly children: ReactNode },
  { readonly failed: boolean }
> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render(): ReactNode {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
