// The worker threads' entry: plain JavaScript that loads the TypeScript tasks through tsx's own loader,
// the same whether the process runs under tsx (npm start, npm run dev) or vitest. An execArgv of
// `--import tsx` did not carry into the threads' imports of modules beyond the task file.
import { tsImport } from 'tsx/esm/api';

const tasks = await tsImport('./tasks.ts', import.meta.url);
export default tasks.default;
