import {
  Observable,
  type GraphQLResponse,
  type RequestParameters,
  type UploadableMap,
  type Variables,
} from 'relay-runtime';

/**
 * Mutations that carry files (the avatar) as one plain POST following the GraphQL multipart
 * request specification (https://github.com/jaydenseric/graphql-multipart-request-spec), which
 * yoga reads natively: graphql-sse sends JSON only.
 *
 * Relay hands files over as `uploadables`, apart from the variables. Each key says where its file
 * goes: a dotted path under the variables (`input.file`), or a bare name (`file`) that is not a
 * top-level variable, meaning the one `null` placeholder of that name inside the variables
 * (`variables: { input: { file: null } }, uploadables: { file: blob }`).
 */
export function buildMultipartBody(
  operation: RequestParameters,
  variables: Variables,
  uploadables: UploadableMap,
): FormData {
  if (!operation.text) throw new Error('Operation text cannot be empty');
  const map: Record<string, string[]> = {};
  const files: Array<[string, Blob, string]> = [];
  Object.entries(uploadables).forEach(([key, file], index) => {
    const path = uploadablePath(variables, key);
    map[String(index)] = [`variables.${path}`];
    files.push([String(index), file, file instanceof File && file.name ? file.name : key]);
  });
  const body = new FormData();
  // The spec: `operations` first, then `map`, then the files, so a server can stream them.
  body.append('operations', JSON.stringify({ query: operation.text, operationName: operation.name, variables }));
  body.append('map', JSON.stringify(map));
  for (const [name, file, fileName] of files) body.append(name, file, fileName);
  return body;
}

function uploadablePath(variables: Variables, key: string): string {
  if (key.includes('.') || key in variables) return key;
  const found: string[] = [];
  const visit = (value: unknown, path: string[]) => {
    if (!value || typeof value !== 'object') return;
    for (const [name, inner] of Object.entries(value as Record<string, unknown>)) {
      const here = [...path, name];
      if (name === key && inner === null) found.push(here.join('.'));
      else visit(inner, here);
    }
  };
  visit(variables, []);
  if (found.length !== 1) {
    throw new Error(
      `Uploadable "${key}" needs exactly one null placeholder of that name in the variables (found ${found.length})`,
    );
  }
  return found[0]!;
}

/** POSTs the multipart body with yoga's CSRF header (multipart is a "simple" CORS request) and emits the JSON answer. */
export function fetchMultipart(
  url: string,
  operation: RequestParameters,
  variables: Variables,
  uploadables: UploadableMap,
  headers: Readonly<Record<string, string>>,
): Observable<GraphQLResponse> {
  return Observable.create<GraphQLResponse>((sink) => {
    const controller = new AbortController();
    let body: FormData;
    try {
      body = buildMultipartBody(operation, variables, uploadables);
    } catch (error) {
      sink.error(error as Error);
      return;
    }
    // No content-type header: the browser writes multipart/form-data with its boundary.
    fetch(url, {
      method: 'POST',
      body,
      headers: { accept: 'application/graphql-response+json, application/json', ...headers },
      credentials: 'same-origin',
      signal: controller.signal,
    })
      .then(async (response) => {
        const text = await response.text();
        let json: unknown;
        try {
          json = JSON.parse(text);
        } catch {
          throw new Error(`GraphQL upload failed: HTTP ${response.status}`);
        }
        if (!json || typeof json !== 'object' || !('data' in json || 'errors' in json)) {
          throw new Error(`GraphQL upload failed: HTTP ${response.status}`);
        }
        sink.next(json as GraphQLResponse);
        sink.complete();
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        sink.error(error instanceof Error ? error : new Error(String(error)));
      });
    return () => controller.abort();
  });
}
