import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as ts from 'typescript';

/**
 * Writes CommonJS copies of this folder's self-contained scripts into `dir`, for processes that run them
 * without ts-jest (snmpd's pass_persist handler, the reaper). Imports between them resolve there too.
 */
export function writeScripts(dir: string, names: string[]): void {
  for (const name of names) {
    const source = join(__dirname, `${name}.ts`);
    const javascript = existsSync(source)
      ? ts.transpileModule(readFileSync(source, 'utf8'), {
          compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022 },
        }).outputText
      : readFileSync(join(__dirname, `${name}.js`), 'utf8');
    writeFileSync(join(dir, `${name}.js`), javascript);
  }
}
