// `npm run admin -- grant <email> <role>` · `npm run admin -- revoke <email>` (admin-command.ts).
import { runAdminCommand } from "./admin-command.ts";

const outcome = await runAdminCommand(process.argv.slice(2), process.env);
(outcome.code === 0 ? console.log : console.error)(outcome.message);
process.exitCode = outcome.code;
