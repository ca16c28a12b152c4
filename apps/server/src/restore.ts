// `npm run restore -- <folder>` (backup-command.ts).
import { runRestoreCommand } from "./backup-command.ts";

const outcome = await runRestoreCommand(process.argv.slice(2), process.env);
(outcome.code === 0 ? console.log : console.error)(outcome.message);
process.exitCode = outcome.code;
