import { ReceivingScreen } from './ReceivingScreen.js';

/** `/eEP/receiving` and `/wEP/receiving`: the orders waiting for receiving above the same scan desk. */
export default function ReceivingPage() {
  return <ReceivingScreen withList />;
}
