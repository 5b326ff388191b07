/**
 * The File scalar: a file of a GraphQL multipart request (yoga parses those and puts a Fetch API File
 * where the `map` says). It only ever arrives as a variable; it is never an answer.
 */
import { GraphQLError, GraphQLScalarType } from 'graphql';
import type { UploadedFile } from '../graphql/models';

function isUploadedFile(value: unknown): value is UploadedFile {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as UploadedFile).stream === 'function' &&
    typeof (value as UploadedFile).size === 'number' &&
    typeof (value as UploadedFile).name === 'string'
  );
}

export const File = new GraphQLScalarType({
  name: 'File',
  description: 'A file sent with the GraphQL multipart request specification.',
  parseValue(value) {
    if (isUploadedFile(value)) return value;
    throw new GraphQLError('文件必须以 multipart 请求上传');
  },
  parseLiteral() {
    throw new GraphQLError('文件必须以 multipart 请求上传');
  },
  serialize() {
    throw new GraphQLError('File 只能作为输入');
  },
});
