/**
 * What one operation will cost, measured on the operation as it will run: with its variables
 * (Relay pages pass `first: $count`, which a validation rule cannot see), @skip/@include applied
 * and fragments flattened. Two figures:
 *  - structure: the shape of the data asked for (scalars 1, objects 2, ×1.5 a level, × the items
 *    a sized list asks for: first, last, limit, size, ids, or the server's own size for a list of
 *    CostModel.fixedLists; a list of CostModel.ownedLists by at most its own weight);
 *  - upstreamCalls: how many upstream requests the fields that cost one per object resolved
 *    (COST_WEIGHTS.upstreamFields) may make, multiplied by the lists around them.
 * Pure: limits.ts turns the figures into a verdict.
 */
import {
  GraphQLIncludeDirective,
  GraphQLSkipDirective,
  getArgumentValues,
  getDirectiveValues,
  getNamedType,
  getVariableValues,
  isCompositeType,
  isUnionType,
  type DocumentNode,
  type FieldNode,
  type FragmentDefinitionNode,
  type GraphQLCompositeType,
  type GraphQLField,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type SelectionNode,
  type SelectionSetNode,
} from 'graphql';

/** How a field that calls the upstream is counted. */
export interface UpstreamField {
  /**
   * 'object': one call per object the field is resolved on (and per id for `ids`);
   * 'batch': the objects of one list are loaded together (a DataLoader batch), so one call per list.
   */
  per: 'object' | 'batch';
  /** Only when this returns true for the field's arguments (default: always). */
  when?: (args: Record<string, unknown>) => boolean;
  /**
   * How many calls one resolution counts for (default 1): more for a field whose one request weighs
   * like several (a streamed AI answer holds its connection and the upstream's work for up to 85 s).
   */
  calls?: number;
}

export interface CostModel {
  scalar: number;
  object: number;
  depthFactor: number;
  /** the most items a sized list can ask for (larger values are refused by the resolvers) */
  maxListItems: number;
  /** "Type.field" → how it calls the upstream */
  upstreamFields: Readonly<Record<string, UpstreamField>>;
  /**
   * "Type.field" → the most items a sized list counts for in the structure term, whatever its `first`.
   * The fan-out of the fields below it still counts every item asked for (up to maxListItems).
   * For lists whose size is bounded by what one person owns rather than by the client (limits.ts).
   */
  ownedLists?: Readonly<Record<string, number>>;
  /**
   * "Type.field" → how many items a list without a size argument answers, when the server fixes it
   * (a search overview's previews). Counts like `first` would, in both terms.
   */
  fixedLists?: Readonly<Record<string, number>>;
  /**
   * "Type.field" → fields of the object it answers that call the upstream only when the object is
   * reached through it (a search hit's topic has no courses of its own, a listed topic has), on top
   * of upstreamFields. They apply to that object's own selections, not further down.
   */
  upstreamFieldsBelow?: Readonly<Record<string, Readonly<Record<string, UpstreamField>>>>;
}

export interface OperationCost {
  structure: number;
  upstreamCalls: number;
  /** the largest `ids` list of a nodes(ids:) in the operation */
  maxIds: number;
}

/** Arguments whose value is the number of items a field answers. */
const SIZE_ARGUMENTS = ['first', 'last', 'limit', 'size'] as const;

interface Walk {
  schema: GraphQLSchema;
  fragments: Map<string, FragmentDefinitionNode>;
  variables: Record<string, unknown>;
  model: CostModel;
  maxIds: number;
}

interface Measure {
  cost: number;
  calls: number;
}

const ZERO: Measure = { cost: 0, calls: 0 };

/**
 * Null when the operation cannot be measured (unknown operation, variables that do not coerce):
 * execution refuses those itself, before any resolver runs.
 */
export function measureOperation(
  schema: GraphQLSchema,
  document: DocumentNode,
  operationName: string | null | undefined,
  rawVariables: Record<string, unknown> | null | undefined,
  model: CostModel,
): OperationCost | null {
  const operations = document.definitions.filter((d): d is OperationDefinitionNode => d.kind === 'OperationDefinition');
  const operation = operationName
    ? operations.find((o) => o.name?.value === operationName)
    : operations.length === 1
      ? operations[0]
      : undefined;
  if (!operation) return null;
  const rootType =
    operation.operation === 'query'
      ? schema.getQueryType()
      : operation.operation === 'mutation'
        ? schema.getMutationType()
        : schema.getSubscriptionType();
  if (!rootType) return null;
  const coerced = getVariableValues(schema, operation.variableDefinitions ?? [], rawVariables ?? {});
  if (coerced.errors) return null;
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const definition of document.definitions) {
    if (definition.kind === 'FragmentDefinition') fragments.set(definition.name.value, definition);
  }
  const walk: Walk = { schema, fragments, variables: coerced.coerced, model, maxIds: 0 };
  const root = selectionSetCost(walk, operation.selectionSet, rootType, 1, 1, new Set(), undefined);
  return { structure: root.cost, upstreamCalls: root.calls, maxIds: walk.maxIds };
}

function included(walk: Walk, node: SelectionNode): boolean {
  if (getDirectiveValues(GraphQLSkipDirective, node, walk.variables)?.if === true) return false;
  if (getDirectiveValues(GraphQLIncludeDirective, node, walk.variables)?.if === false) return false;
  return true;
}

/** Upstream fields that apply to one object's selections only (CostModel.upstreamFieldsBelow). */
type Below = Readonly<Record<string, UpstreamField>> | undefined;

/**
 * The selections of one object, fragments flattened into it. `items` is how many times the
 * enclosing lists resolve this object; `batches` how many times the innermost of them resolves
 * (each resolution is one batch of its items); `below` the upstream fields the field that answered
 * this object adds for it.
 */
function selectionSetCost(
  walk: Walk,
  set: SelectionSetNode,
  type: GraphQLCompositeType,
  items: number,
  batches: number,
  spreading: Set<string>,
  below: Below,
): Measure {
  let cost = 0;
  let calls = 0;
  for (const selection of set.selections) {
    if (!included(walk, selection)) continue;
    let part: Measure = ZERO;
    if (selection.kind === 'Field') {
      part = fieldCost(walk, selection, type, items, batches, spreading, below);
    } else if (selection.kind === 'InlineFragment') {
      const narrowed = selection.typeCondition ? walk.schema.getType(selection.typeCondition.name.value) : type;
      if (narrowed && isCompositeType(narrowed))
        part = selectionSetCost(walk, selection.selectionSet, narrowed, items, batches, spreading, below);
    } else {
      const name = selection.name.value;
      const fragment = walk.fragments.get(name);
      const narrowed = fragment ? walk.schema.getType(fragment.typeCondition.name.value) : undefined;
      // validation has refused fragment cycles already; the guard only keeps this function total
      if (fragment && narrowed && isCompositeType(narrowed) && !spreading.has(name)) {
        spreading.add(name);
        part = selectionSetCost(walk, fragment.selectionSet, narrowed, items, batches, spreading, below);
        spreading.delete(name);
      }
    }
    cost += part.cost;
    calls += part.calls;
  }
  return { cost, calls };
}

function fieldDefinition(type: GraphQLCompositeType, name: string): GraphQLField<unknown, unknown> | undefined {
  // a union has no fields of its own but __typename, which is handled before
  return isUnionType(type) ? undefined : type.getFields()[name];
}

function argumentsOf(walk: Walk, definition: GraphQLField<unknown, unknown>, node: FieldNode): Record<string, unknown> {
  try {
    return getArgumentValues(definition, node, walk.variables);
  } catch {
    // invalid arguments fail in the resolver, before it calls anything
    return {};
  }
}

/**
 * How many items a field answers: its size argument, or the length of `ids`, or its fixed size
 * (CostModel.fixedLists); 1 for anything else.
 */
function itemsOf(walk: Walk, args: Record<string, unknown>, key: string): number {
  const { maxListItems } = walk.model;
  const clamp = (value: number) => Math.max(0, Math.min(maxListItems, Math.floor(value)));
  for (const name of SIZE_ARGUMENTS) {
    const value = args[name];
    if (typeof value === 'number' && Number.isFinite(value)) return clamp(value);
  }
  if (Array.isArray(args.ids)) {
    walk.maxIds = Math.max(walk.maxIds, args.ids.length);
    return clamp(args.ids.length);
  }
  const fixed = walk.model.fixedLists?.[key];
  return fixed === undefined ? 1 : clamp(fixed);
}

function fieldCost(
  walk: Walk,
  node: FieldNode,
  parentType: GraphQLCompositeType,
  items: number,
  batches: number,
  spreading: Set<string>,
  below: Below,
): Measure {
  const name = node.name.value;
  const { model } = walk;
  if (name === '__typename') return { cost: model.scalar, calls: 0 };
  // introspection is bounded by the schema, not by the client
  if (name.startsWith('__')) return ZERO;
  const definition = fieldDefinition(parentType, name);
  if (!definition) return ZERO;
  const args = argumentsOf(walk, definition, node);
  const key = `${parentType.name}.${name}`;
  const own = itemsOf(walk, args, key);

  let calls = 0;
  const upstream = below?.[key] ?? model.upstreamFields[key];
  if (upstream && (upstream.when?.(args) ?? true)) {
    // nodes(ids:) reads each id: the field's own items are calls too
    const perResolve = Array.isArray(args.ids) ? own : 1;
    calls += (upstream.per === 'batch' ? batches : items) * perResolve * (upstream.calls ?? 1);
  }

  if (!node.selectionSet) return { cost: model.scalar, calls };
  const childType = getNamedType(definition.type);
  if (!isCompositeType(childType)) return { cost: model.scalar, calls };
  const childItems = items * own;
  // a sized list starts a new batch: its objects are resolved together, once per resolution of the list
  const childBatches = own > 1 ? items : batches;
  const children = selectionSetCost(
    walk,
    node.selectionSet,
    childType,
    childItems,
    childBatches,
    spreading,
    model.upstreamFieldsBelow?.[key],
  );
  const ownedWeight = model.ownedLists?.[key];
  const shapeItems = ownedWeight === undefined ? own : Math.min(own, ownedWeight);
  return { cost: (model.object + model.depthFactor * children.cost) * shapeItems, calls: calls + children.calls };
}
