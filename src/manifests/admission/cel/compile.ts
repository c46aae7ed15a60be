import { celEnv, parse, plan, type CelResult, type CelInput } from '@bufbuild/cel';
import { kubernetesCelFunctions } from './kubernetes-library.js';

/** Calls the planner handles itself rather than through the function resolver. */
const PLANNER_OPERATORS = new Set(['_&&_', '_||_', '_?_:_', '_[_]', '_[?_]', '_?._', '@not_strictly_false', '__not_strictly_false__']);

type Expr = ReturnType<typeof parse>['expr'];

const environment = celEnv({ funcs: kubernetesCelFunctions });

export interface CompiledExpression {
  /** Whether the expression reads `oldSelf` (a transition rule). */
  readsOldSelf: boolean;
  evaluate(bindings: Record<string, CelInput>): CelResult;
}

/** `a.b.c` of a call target, when the target is a plain name like the `sets` of `sets.contains`. */
function qualifiedName(expr: Expr | undefined): string | undefined {
  if (!expr) return undefined;
  if (expr.exprKind.case === 'identExpr') return expr.exprKind.value.name;
  if (expr.exprKind.case === 'selectExpr') {
    const operand = qualifiedName(expr.exprKind.value.operand);
    return operand === undefined ? undefined : `${operand}.${expr.exprKind.value.field}`;
  }
  return undefined;
}

/** Every function the expression calls that the environment does not define, and whether it names oldSelf. */
function inspect(expr: Expr | undefined, found: { unknown: Set<string>; oldSelf: boolean }): void {
  if (!expr) return;
  const kind = expr.exprKind;
  switch (kind.case) {
    case 'identExpr':
      if (kind.value.name === 'oldSelf') found.oldSelf = true;
      return;
    case 'selectExpr':
      return inspect(kind.value.operand, found);
    case 'callExpr': {
      const { function: name, target, args } = kind.value;
      const qualifier = qualifiedName(target);
      const known = PLANNER_OPERATORS.has(name) || environment.funcs.find(name) !== undefined;
      const qualifiedKnown = qualifier !== undefined && environment.funcs.find(`${qualifier}.${name}`) !== undefined;
      if (!known && !qualifiedKnown) found.unknown.add(qualifier !== undefined && !known ? `${qualifier}.${name}` : name);
      if (!qualifiedKnown) inspect(target, found);
      for (const arg of args) inspect(arg, found);
      return;
    }
    case 'listExpr':
      for (const element of kind.value.elements) inspect(element, found);
      return;
    case 'structExpr':
      for (const entry of kind.value.entries) {
        if (entry.keyKind.case === 'mapKey') inspect(entry.keyKind.value, found);
        inspect(entry.value, found);
      }
      return;
    case 'comprehensionExpr':
      for (const part of [kind.value.iterRange, kind.value.accuInit, kind.value.loopCondition, kind.value.loopStep, kind.value.result]) inspect(part, found);
      return;
    default:
      return;
  }
}

const cache = new Map<string, CompiledExpression>();

/**
 * Parses and plans a CEL expression against the Kubernetes function set. Throws on a syntax error or
 * on any function this environment does not implement, so a rule is never silently let through.
 */
export function compileCel(source: string): CompiledExpression {
  const cached = cache.get(source);
  if (cached) return cached;
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse(source);
  } catch (error) {
    throw new Error(`CEL expression ${JSON.stringify(source)} does not parse: ${(error as Error).message}`);
  }
  const found = { unknown: new Set<string>(), oldSelf: false };
  inspect(parsed.expr, found);
  if (found.unknown.size > 0) {
    throw new Error(`CEL expression ${JSON.stringify(source)} calls ${[...found.unknown].join(', ')}, which this test validator does not implement (add it to test/support/crd-validation/cel/kubernetes-library.ts)`);
  }
  const program = plan(environment, parsed);
  const compiled: CompiledExpression = { readsOldSelf: found.oldSelf, evaluate: (bindings) => program(bindings) };
  cache.set(source, compiled);
  return compiled;
}
