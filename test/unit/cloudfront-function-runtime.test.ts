import ts from 'typescript';
import { shortLinkFunctionCode } from '../../lib/short-link-function.js';

/**
 * The CloudFront Function as deployed, held to its runtime (cloudfront-js-2.0): at most 10 KB, and only the
 * language the runtime documents (ES 5.1, plus `const`/`let`, arrow functions, rest parameters, template
 * literals, `**`, and `async`/`await`), with no `eval`, `Function`, timers or imports. Node runs newer
 * JavaScript than CloudFront does: a `?.` the unit tests accept would fail the deployment (no network).
 */
describe('the CloudFront Function within its runtime, cloudfront-js-2.0 (no network)', () => {
  const code = shortLinkFunctionCode();
  const source = ts.createSourceFile('function.js', code, ts.ScriptTarget.Latest, true, ts.ScriptKind.JS);

  it('is smaller than the 10 KB CloudFront allows a function', () => {
    expect(Buffer.byteLength(code, 'utf8')).toBeLessThan(10 * 1024);
  });

  it('uses only the syntax the runtime supports', () => {
    const supported = new Set<ts.SyntaxKind>([
      // Statements of ES 5.1, and const/let (in variable statements).
      ts.SyntaxKind.SourceFile,
      ts.SyntaxKind.Block,
      ts.SyntaxKind.VariableStatement,
      ts.SyntaxKind.VariableDeclarationList,
      ts.SyntaxKind.VariableDeclaration,
      ts.SyntaxKind.FunctionDeclaration,
      ts.SyntaxKind.ExpressionStatement,
      ts.SyntaxKind.IfStatement,
      ts.SyntaxKind.ForStatement,
      ts.SyntaxKind.ForInStatement,
      ts.SyntaxKind.WhileStatement,
      ts.SyntaxKind.DoStatement,
      ts.SyntaxKind.ReturnStatement,
      ts.SyntaxKind.BreakStatement,
      ts.SyntaxKind.ContinueStatement,
      ts.SyntaxKind.SwitchStatement,
      ts.SyntaxKind.CaseBlock,
      ts.SyntaxKind.CaseClause,
      ts.SyntaxKind.DefaultClause,
      ts.SyntaxKind.ThrowStatement,
      ts.SyntaxKind.TryStatement,
      ts.SyntaxKind.CatchClause,
      ts.SyntaxKind.LabeledStatement,
      ts.SyntaxKind.EmptyStatement,
      // Expressions of ES 5.1, template literals and arrow functions.
      ts.SyntaxKind.Identifier,
      ts.SyntaxKind.Parameter,
      ts.SyntaxKind.StringLiteral,
      ts.SyntaxKind.NumericLiteral,
      ts.SyntaxKind.RegularExpressionLiteral,
      ts.SyntaxKind.NoSubstitutionTemplateLiteral,
      ts.SyntaxKind.TemplateExpression,
      ts.SyntaxKind.TemplateHead,
      ts.SyntaxKind.TemplateMiddle,
      ts.SyntaxKind.TemplateTail,
      ts.SyntaxKind.TemplateSpan,
      ts.SyntaxKind.TrueKeyword,
      ts.SyntaxKind.FalseKeyword,
      ts.SyntaxKind.NullKeyword,
      ts.SyntaxKind.ThisKeyword,
      ts.SyntaxKind.ObjectLiteralExpression,
      ts.SyntaxKind.PropertyAssignment,
      ts.SyntaxKind.ShorthandPropertyAssignment,
      ts.SyntaxKind.ArrayLiteralExpression,
      ts.SyntaxKind.PropertyAccessExpression,
      ts.SyntaxKind.ElementAccessExpression,
      ts.SyntaxKind.CallExpression,
      ts.SyntaxKind.NewExpression,
      ts.SyntaxKind.ParenthesizedExpression,
      ts.SyntaxKind.FunctionExpression,
      ts.SyntaxKind.ArrowFunction,
      ts.SyntaxKind.EqualsGreaterThanToken,
      ts.SyntaxKind.DeleteExpression,
      ts.SyntaxKind.TypeOfExpression,
      ts.SyntaxKind.VoidExpression,
      ts.SyntaxKind.PrefixUnaryExpression,
      ts.SyntaxKind.PostfixUnaryExpression,
      ts.SyntaxKind.BinaryExpression,
      ts.SyntaxKind.ConditionalExpression,
      ts.SyntaxKind.QuestionToken,
      ts.SyntaxKind.ColonToken,
      ts.SyntaxKind.EndOfFileToken,
    ]);
    // Operators: ES 5.1's and ES 7's `**`; not `??`, `?.` or the logical assignments.
    const operators = new Set<ts.SyntaxKind>(
      [
        ...[ts.SyntaxKind.EqualsToken, ts.SyntaxKind.PlusEqualsToken, ts.SyntaxKind.MinusEqualsToken],
        ...[ts.SyntaxKind.EqualsEqualsEqualsToken, ts.SyntaxKind.ExclamationEqualsEqualsToken],
        ...[ts.SyntaxKind.EqualsEqualsToken, ts.SyntaxKind.ExclamationEqualsToken],
        ...[ts.SyntaxKind.LessThanToken, ts.SyntaxKind.GreaterThanToken],
        ...[ts.SyntaxKind.LessThanEqualsToken, ts.SyntaxKind.GreaterThanEqualsToken],
        ...[ts.SyntaxKind.AmpersandAmpersandToken, ts.SyntaxKind.BarBarToken, ts.SyntaxKind.CommaToken],
        ...[ts.SyntaxKind.PlusToken, ts.SyntaxKind.MinusToken, ts.SyntaxKind.AsteriskToken],
        ...[ts.SyntaxKind.SlashToken, ts.SyntaxKind.PercentToken, ts.SyntaxKind.AsteriskAsteriskToken],
        ...[ts.SyntaxKind.InstanceOfKeyword, ts.SyntaxKind.InKeyword],
      ].flat(),
    );
    const unsupported: string[] = [];
    const visit = (node: ts.Node) => {
      const where = `${ts.SyntaxKind[node.kind]} at ${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
      if (!supported.has(node.kind)) unsupported.push(where);
      if (ts.isBinaryExpression(node)) {
        if (!operators.has(node.operatorToken.kind)) {
          unsupported.push(`operator ${ts.tokenToString(node.operatorToken.kind)} at ${where}`);
        }
        visit(node.left);
        visit(node.right);
        return;
      }
      if ((ts.isPropertyAccessExpression(node) || ts.isCallExpression(node)) && node.questionDotToken) {
        unsupported.push(`?. at ${where}`);
      }
      if (ts.isFunctionDeclaration(node) && node.asteriskToken) unsupported.push(`generator at ${where}`);
      ts.forEachChild(node, visit);
    };
    visit(source);
    expect(unsupported).toEqual([]);
  });

  it('calls nothing the runtime forbids: no eval, Function, timers, imports or modules', () => {
    const forbidden = new Set([
      'eval',
      'Function',
      'setTimeout',
      'setInterval',
      'setImmediate',
      'require',
      'import',
      'fetch',
    ]);
    const used: string[] = [];
    const visit = (node: ts.Node) => {
      if (ts.isIdentifier(node) && forbidden.has(node.text)) used.push(node.text);
      if (node.kind === ts.SyntaxKind.ImportKeyword) used.push('import');
      ts.forEachChild(node, visit);
    };
    visit(source);
    expect(used).toEqual([]);
  });
});
