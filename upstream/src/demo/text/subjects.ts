import type { SubjectBank } from './types';
import { sizheng } from './sizheng';
import { philosophy } from './philosophy';
import { economics } from './economics';
import { law } from './law';
import { education } from './education';
import { literature } from './literature';
import { history } from './history';
import { science } from './science';
import { engineering } from './engineering';
import { agriculture } from './agriculture';
import { medicine } from './medicine';
import { management } from './management';
import { arts } from './arts';

/** The level-1 subjects in tab order: 思政 first, then the discipline categories in their usual order. */
export const SUBJECTS: readonly SubjectBank[] = [
  sizheng,
  philosophy,
  economics,
  law,
  education,
  literature,
  history,
  science,
  engineering,
  agriculture,
  medicine,
  management,
  arts,
];
