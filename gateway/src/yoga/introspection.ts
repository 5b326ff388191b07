/** INTROSPECTION=false: __schema and __type are refused at validation (__typename stays: Relay needs it). */
import type { ASTVisitor, ValidationContext } from 'graphql';
import { createGraphQLError, type Plugin } from 'graphql-yoga';

function noIntrospection(context: ValidationContext): ASTVisitor {
  return {
    Field(node) {
      if (node.name.value === '__schema' || node.name.value === '__type') {
        context.reportError(
          createGraphQLError('本服务已关闭 GraphQL 内省查询（introspection）', {
            nodes: node,
            extensions: { code: 'INTROSPECTION_DISABLED' },
          }),
        );
      }
    },
  };
}

export function useDisableIntrospection(): Plugin {
  return {
    onValidate({ addValidationRule }) {
      addValidationRule(noIntrospection);
    },
  };
}
