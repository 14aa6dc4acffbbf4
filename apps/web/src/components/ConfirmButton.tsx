import { Button, Popconfirm } from 'antd';
import { invalidateDomains, type QueryDomain } from '../api/query-client.js';

interface Props {
  /** The question asked before the call runs. */
  title: string;
  label: string;
  /** The call; its failure has been shown by the request layer already. */
  run: () => Promise<unknown>;
  /** The domains whose lists and records read again once the call succeeded. */
  domains: QueryDomain[];
  testId: string;
}

/**
 * A small danger button for a change that cannot be undone (revoke a key, void a shipment): it asks
 * first, then calls the server and refreshes what the change touched.
 */
export function ConfirmButton({ title, label, run, domains, testId }: Props) {
  return (
    <Popconfirm
      title={title}
      onConfirm={() =>
        void run().then(
          () => invalidateDomains(...domains),
          () => undefined,
        )
      }
    >
      <Button size="small" danger data-testid={testId}>
        {label}
      </Button>
    </Popconfirm>
  );
}
