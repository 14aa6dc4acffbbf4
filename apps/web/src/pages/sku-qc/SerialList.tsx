import { PrinterOutlined } from '@ant-design/icons';
import type { ItemSerial } from '@kontor/contracts/domains/sku-qc';
import { Button, Empty } from 'antd';

interface Props {
  serials: ItemSerial[];
  empty: string;
  testId: string;
  /** Given: each entry is a button that prints its label again (the SN scan's print history). */
  onPick?(serial: ItemSerial): void;
}

/** An order's serial numbers, newest first: as a list, or as reprint buttons. */
export function SerialList({ serials, empty, testId, onPick }: Props) {
  if (serials.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={empty} data-testid={testId} />;
  const newestFirst = [...serials].reverse();
  return (
    <ul className="qc-serials" data-testid={testId}>
      {newestFirst.map((s) => (
        <li key={`${s.sku}:${s.sn}`}>
          {onPick ? (
            <Button block size="large" icon={<PrinterOutlined />} onClick={() => onPick(s)} data-testid={`${testId}-${s.sn}`}>
              <span className="qc-serial-sn">{s.sn}</span>
              <span className="qc-serial-sku">{s.sku}</span>
            </Button>
          ) : (
            <span className="qc-serial-row">
              <span className="qc-serial-sn">{s.sn}</span>
              <span className="qc-serial-sku">{s.sku}</span>
            </span>
          )}
        </li>
      ))}
    </ul>
  );
}
