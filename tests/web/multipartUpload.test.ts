import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RequestParameters } from 'relay-runtime';
import { createEnvironment } from '../../web/src/relay/environment';
import { buildMultipartBody } from '../../web/src/relay/multipart';

const UPLOAD_OPERATION = {
  id: null,
  cacheID: 'upload',
  name: 'AvatarCropDialogUploadMutation',
  operationKind: 'mutation',
  text: 'mutation AvatarCropDialogUploadMutation($input: UploadAvatarInput!) { uploadAvatar(input: $input) { headPicture } }',
  metadata: {},
  providedVariables: undefined,
} as unknown as RequestParameters;

function avatarFile() {
  return new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0])], 'avatar.jpg', { type: 'image/jpeg' });
}

async function readText(value: FormDataEntryValue | null): Promise<string> {
  if (typeof value === 'string') return value;
  throw new Error('expected a string part');
}

describe('multipart upload body (GraphQL multipart request spec)', () => {
  it('has operations (file variable null), map to variables.input.file, then the file part, in that order', async () => {
    const file = avatarFile();
    const body = buildMultipartBody(UPLOAD_OPERATION, { input: { file: null } }, { file });

    expect([...body.keys()]).toEqual(['operations', 'map', '0']);
    const operations = JSON.parse(await readText(body.get('operations')));
    expect(operations).toEqual({
      query: UPLOAD_OPERATION.text,
      operationName: 'AvatarCropDialogUploadMutation',
      variables: { input: { file: null } },
    });
    expect(JSON.parse(await readText(body.get('map')))).toEqual({ '0': ['variables.input.file'] });
    const part = body.get('0');
    expect(part).toBeInstanceOf(File);
    expect((part as File).name).toBe('avatar.jpg');
    expect((part as File).type).toBe('image/jpeg');
    expect((part as File).size).toBe(4);
  });

  it('takes a dotted key as the variable path, and refuses a name without a null placeholder', () => {
    const body = buildMultipartBody(UPLOAD_OPERATION, { input: { file: null } }, { 'input.file': avatarFile() });
    expect(JSON.parse(body.get('map') as string)).toEqual({ '0': ['variables.input.file'] });
    expect(() => buildMultipartBody(UPLOAD_OPERATION, { input: {} }, { file: avatarFile() })).toThrow(/placeholder/);
  });
});

describe('network layer with uploadables', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('posts the multipart body with the CSRF header and hands the JSON answer to Relay', async () => {
    const answer = { data: { uploadAvatar: { headPicture: '/media/avatars/7-abc.jpg' } } };
    const fetchMock = vi.fn(
      async (_url: string, _init: RequestInit) => new Response(JSON.stringify(answer), { status: 200 }),
    );
    vi.stubGlobal('fetch', fetchMock);

    const environment = createEnvironment();
    const file = avatarFile();
    const result = await new Promise((resolve, reject) => {
      environment
        .getNetwork()
        .execute(UPLOAD_OPERATION, { input: { file: null } }, {}, { file })
        .subscribe({ next: resolve, error: reject });
    });

    expect(result).toEqual(answer);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe(`${window.location.origin}/graphql`);
    expect(init.method).toBe('POST');
    expect((init.headers as Record<string, string>)['x-graphql-yoga-csrf']).toBe('1');
    // The browser sets multipart/form-data with its boundary itself.
    expect(Object.keys(init.headers as Record<string, string>).map((h) => h.toLowerCase())).not.toContain(
      'content-type',
    );
    expect(init.credentials).toBe('same-origin');
    const body = init.body as FormData;
    expect(body).toBeInstanceOf(FormData);
    expect(JSON.parse(body.get('map') as string)).toEqual({ '0': ['variables.input.file'] });
    expect(body.get('0')).toBeInstanceOf(File);
  });

  it('fails the request when the answer is not GraphQL JSON', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('<html>413</html>', { status: 413 })),
    );
    const environment = createEnvironment();
    const error = await new Promise<Error>((resolve) => {
      environment
        .getNetwork()
        .execute(UPLOAD_OPERATION, { input: { file: null } }, {}, { file: avatarFile() })
        .subscribe({ error: resolve });
    });
    expect(error.message).toMatch(/HTTP 413/);
  });
});
