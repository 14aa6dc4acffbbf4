/**
 * Placeholder until the tickets branch lands: the real component (issue 7 §5) lists and opens the
 * tickets of one outbound order. It renders nothing so the order detail can already hold its place.
 */
export function OrderTickets(_props: { orderId: number }) {
  return null;
}
