// npm run doctor — checks this deployment's configuration (the environment the servers get) before they
// start: lib/server/doctor.ts. `-- --hosts 2`: servers run on two hosts (uploads must be on S3).
// Exit 1 when there is a problem. Run with the react-server condition (package.json), as Next runs lib/server.
import { checkDeployment, doctorReport } from '../lib/server/doctor';

async function main() {
  const at = process.argv.indexOf('--hosts');
  const hosts = at > 0 ? Number(process.argv[at + 1]) : 1;
  const findings = await checkDeployment(process.env, { hosts: Number.isFinite(hosts) && hosts > 0 ? hosts : 1 });
  console.log(doctorReport(findings));
  process.exit(findings.some((f) => f.level === 'problem') ? 1 : 0);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
