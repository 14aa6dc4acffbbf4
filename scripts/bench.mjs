// `npm run bench`: install what is missing, build, then run every benchmark in bench/.
// Each prints figures measured side by side in one run (ratios), since the machine is shared and noisy.
import { build, ensureInstalled, must } from './lib.mjs';

ensureInstalled();
build();
must('npx', ['tsx', 'bench/platform.bench.ts']);
must('node', ['bench/web.bench.mjs']);
must('npx', ['tsx', 'bench/resources.bench.ts']);
must('npx', ['tsx', 'bench/inventory.bench.ts']);
must('npx', ['tsx', 'bench/receiving.bench.ts']);
must('npx', ['tsx', 'bench/outbound.bench.ts']);
must('npx', ['tsx', 'bench/import.bench.ts']);
must('npx', ['tsx', 'bench/labels.bench.ts']);
must('npx', ['tsx', 'bench/label-purchase.bench.ts']);
must('npx', ['tsx', 'bench/picklists.bench.ts']);
must('npx', ['tsx', 'bench/pick-station.bench.ts']);
must('npx', ['tsx', 'bench/pack.bench.ts']);
must('npx', ['tsx', 'bench/shipping-scan.bench.ts']);
must('npx', ['tsx', 'bench/tracking-poll.bench.ts']);
