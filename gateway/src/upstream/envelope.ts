/** The answer shape of every main-API call (upstream/API.md "Envelope and codes"). */
export interface Envelope<T = unknown> {
  code: number;
  message: string;
  items: T;
}

export const CODE_READ_OK = 2000;
export const CODE_OPERATION_OK = 2001;
export const CODE_REFUSED = -1;
export const CODE_BAD_PARAMETER = 4000;
export const CODE_BAD_SIGN = 4001;
export const CODE_NOT_FOUND = 4004;

export function isEnvelope(value: unknown): value is Envelope {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { code?: unknown }).code === 'number' &&
    'items' in value
  );
}
