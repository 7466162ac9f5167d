// A promise kept in a variable and first handled only after another `await` has no handler in
// between: if it rejects while the function is still waiting on something else, Node reports an
// unhandled rejection and, by default, ends the process. That is how one anonymous request could
// stop the service (the networkB handle lookup, issue 34). typescript-eslint's no-floating-promises
// sees promises dropped on the floor, not this: a promise stored, then awaited too late.
//
// Reported: `const p = <a promise>` (or `p = <a promise>`) whose first use comes after an `await`
// (or a `yield`, or a `for await`) of the same function, and a stored promise that is never used.
// Not reported: a promise given a handler where it is made (`startedEarly(…)` from src/lib/promises.ts,
// or `….catch(…)`, `….then(_, onRejected)`), and one first used before anything else is awaited
// (`Promise.all([p, q])`, `await p`, `return p`, passing it on).

const HANDLED_BY = new Set(['startedEarly']);

/** @type {import('eslint').Rule.RuleModule} */
export default {
  meta: {
    type: 'problem',
    docs: { description: 'A promise must have a handler before the function awaits anything else.' },
    messages: {
      heldAcrossAwait:
        "'{{name}}' holds a promise that is first handled after another await: a rejection in between is unhandled and ends the process. Wrap it in startedEarly(…) or await it first.",
      neverUsed: "'{{name}}' holds a promise that is never awaited or handled: a rejection is unhandled and ends the process.",
    },
    schema: [],
  },
  create(context) {
    const services = context.sourceCode.parserServices;
    if (!services?.program || !services.esTreeNodeToTSNodeMap) {
      throw new Error('promise-held-across-await needs type information (parserOptions.projectService)');
    }
    const checker = services.program.getTypeChecker();

    function isThenable(node) {
      const type = checker.getTypeAtLocation(services.esTreeNodeToTSNodeMap.get(node));
      const parts = type.isUnion() ? type.types : [type];
      return parts.some((t) => {
        const then = t.getProperty('then');
        if (!then) return false;
        const thenType = checker.getTypeOfSymbolAtLocation(then, services.esTreeNodeToTSNodeMap.get(node));
        return thenType.getCallSignatures().length > 0;
      });
    }

    function handledAtCreation(init) {
      if (init.type === 'AwaitExpression') return true;
      if (init.type !== 'CallExpression') return false;
      const callee = init.callee;
      if (callee.type === 'Identifier' && HANDLED_BY.has(callee.name)) return true;
      if (callee.type === 'MemberExpression' && callee.property.type === 'Identifier') {
        if (callee.property.name === 'catch') return true;
        if (callee.property.name === 'then' && init.arguments.length >= 2) return true;
      }
      return false;
    }

    function enclosingFunction(node) {
      for (let n = node.parent; n; n = n.parent) {
        if (n.type === 'FunctionDeclaration' || n.type === 'FunctionExpression' || n.type === 'ArrowFunctionExpression') return n;
      }
      return null;
    }

    /** Whether `fn` itself (not a nested function) awaits, yields or loops with for-await wholly inside [from, to). */
    function waitsBetween(fn, from, to) {
      let found = false;
      const visit = (node) => {
        if (found || !node || typeof node.type !== 'string') return;
        if (node.range[1] <= from || node.range[0] >= to) return;
        if (node !== fn && (node.type === 'FunctionDeclaration' || node.type === 'FunctionExpression' || node.type === 'ArrowFunctionExpression')) return;
        // A wait that holds the use inside it (`await Promise.race([p, q])`) reads the promise
        // before it waits: only a wait that ends before the use comes in between.
        if (
          (node.type === 'AwaitExpression' || node.type === 'YieldExpression' || (node.type === 'ForOfStatement' && node.await)) &&
          node.range[0] >= from &&
          node.range[1] <= to
        ) {
          found = true;
          return;
        }
        for (const key of context.sourceCode.visitorKeys[node.type] ?? []) {
          const child = node[key];
          if (Array.isArray(child)) child.forEach(visit);
          else visit(child);
        }
      };
      visit(fn.body);
      return found;
    }

    function check(idNode, init, statementEnd) {
      if (!init || handledAtCreation(init) || !isThenable(init)) return;
      const fn = enclosingFunction(idNode);
      if (!fn) return;
      const variable = context.sourceCode.getScope(idNode).set.get(idNode.name) ?? findVariable(context.sourceCode.getScope(idNode), idNode.name);
      if (!variable) return;
      const reads = variable.references.filter((r) => r.isRead() && r.identifier.range[0] >= statementEnd).sort((a, b) => a.identifier.range[0] - b.identifier.range[0]);
      if (reads.length === 0) {
        context.report({ node: idNode, messageId: 'neverUsed', data: { name: idNode.name } });
        return;
      }
      if (waitsBetween(fn, statementEnd, reads[0].identifier.range[0])) {
        context.report({ node: idNode, messageId: 'heldAcrossAwait', data: { name: idNode.name } });
      }
    }

    function findVariable(scope, name) {
      for (let s = scope; s; s = s.upper) {
        const v = s.set.get(name);
        if (v) return v;
      }
      return null;
    }

    return {
      VariableDeclarator(node) {
        if (node.id.type !== 'Identifier') return;
        check(node.id, node.init, node.range[1]);
      },
      AssignmentExpression(node) {
        if (node.operator !== '=' || node.left.type !== 'Identifier') return;
        check(node.left, node.right, node.range[1]);
      },
    };
  },
};
