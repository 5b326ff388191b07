import type { ComponentType } from 'react';
import type { PlainPageProps } from '../../app/routeTypes';
import { Placeholder } from '../../components/Feedback/Placeholder';

/** A page of a later issue: a plain placeholder that names it. */
export function placeholderPage(name: string): ComponentType<PlainPageProps> {
  function PlaceholderPage() {
    return <Placeholder name={name} />;
  }
  PlaceholderPage.displayName = `Placeholder(${name})`;
  return PlaceholderPage;
}
