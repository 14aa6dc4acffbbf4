import { Card, Space, Typography } from 'antd';
import type { ReactNode } from 'react';

interface Props {
  testId: string;
  icon: ReactNode;
  title: string;
  help: string;
  children: ReactNode;
}

/** The frame of a label tool: a card with its title, a line of help and the tool's form below. */
export function LabelToolCard({ testId, icon, title, help, children }: Props) {
  return (
    <div data-testid={testId} style={{ maxWidth: 880 }}>
      <Card size="small">
        <Space direction="vertical" size="middle" style={{ width: '100%' }}>
          <Typography.Title level={5} style={{ margin: 0 }}>
            {icon} {title}
          </Typography.Title>
          <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
            {help}
          </Typography.Paragraph>
          {children}
        </Space>
      </Card>
    </div>
  );
}
