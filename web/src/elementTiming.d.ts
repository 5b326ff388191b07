import 'react';

declare module 'react' {
  interface HTMLAttributes<T> {
    /**
     * Element Timing (Chromium): the browser records when this element's text or image paints
     * (PerformanceElementTiming). React passes the lowercase attribute through as it is.
     */
    elementtiming?: string;
  }
}
