/**
 * The Relay records a server-rendered first screen carries (web/src/app/firstScreen.ts): a course
 * title holding `</script>` or U+2028 cannot end the JSON script early nor break it, and what the
 * browser reads back is what the server's store held.
 */
import { describe, expect, it } from 'vitest';
import { SERVER_RECORDS_ID, readServerRecords, serializeRecords } from '../../web/src/routing/firstScreen';

const RECORDS = {
  'client:root': { __id: 'client:root', __typename: '__Root' },
  'Q291cnNlOjE=': {
    __id: 'Q291cnNlOjE=',
    __typename: 'Course',
    name: '</script><script>alert(1)</script> <!-- 第一讲\u2028\u2029',
  },
};

describe('the records of a first screen', () => {
  it('are written without a `<` or a line separator, and read back unchanged', () => {
    const text = serializeRecords(RECORDS);
    expect(text).not.toMatch(/[<\u2028\u2029]/);

    document.body.innerHTML = `<div id="root"><main>首页</main></div><script type="application/json" id="${SERVER_RECORDS_ID}">${text}</script>`;
    expect(document.querySelectorAll('script')).toHaveLength(1);
    expect(readServerRecords(document)).toEqual(RECORDS);
  });

  it('are none when the page came as the empty shell', () => {
    document.body.innerHTML = `<div id="root"></div><script type="application/json" id="${SERVER_RECORDS_ID}">${serializeRecords(RECORDS)}</script>`;
    expect(readServerRecords(document)).toBeNull();
  });
});
