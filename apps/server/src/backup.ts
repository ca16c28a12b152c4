// `npm run backup -- [folder]` (backup-command.ts).
import { runBackupCommand } from "./backup-command.ts";

const outcome = await runBackupCommand(process.argv.slice(2), process.env);
(outcome.code === 0 ? console.log : console.error)(outcome.message);
process.exitCode = outcome.code;
