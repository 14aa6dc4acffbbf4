import { Alert, Button, Drawer, Space } from 'antd';
import type { CSSProperties, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The cancel and save buttons in a form drawer's header. Save submits the form, so antd validates it
 * and calls the form's onFinish; `testId` names the save button `<testId>-save`.
 */
export function DrawerSaveButtons({ saving, onCancel, onSave, testId }: { saving: boolean; onCancel: () => void; onSave: () => void; testId: string }) {
  const { t } = useTranslation();
  return (
    <Space>
      <Button onClick={onCancel}>{t('common.cancel')}</Button>
      <Button type="primary" loading={saving} onClick={onSave} data-testid={`${testId}-save`}>
        {t('common.save')}
      </Button>
    </Space>
  );
}

interface FormDrawerProps {
  open: boolean;
  onClose(): void;
  title: ReactNode;
  saving: boolean;
  /** Submits the form (`form.submit()`). */
  onSave(): void;
  /** The save button is `<testId>-save`. */
  testId: string;
  children: ReactNode;
}

/** A record's form in a large side drawer, emptied when it closes, with cancel and save in its header. */
export function FormDrawer({ open, onClose, title, saving, onSave, testId, children }: FormDrawerProps) {
  return (
    <Drawer
      open={open}
      onClose={onClose}
      size="large"
      title={title}
      destroyOnHidden
      extra={<DrawerSaveButtons saving={saving} onCancel={onClose} onSave={onSave} testId={testId} />}
    >
      {children}
    </Drawer>
  );
}

interface ConflictProps {
  /** Reads the record again as it now stands. */
  onReload: () => unknown;
  /** The alert is `<testId>-conflict`, its button `<testId>-reload`. */
  testId: string;
  /** What to say; by default the generic "someone else changed this record". */
  title?: string;
  style?: CSSProperties;
}

/**
 * A save refused because someone changed the record meanwhile (the server's Conflict): say so and
 * offer to load their version, since the user's change has to be made again on top of it.
 */
export function ConflictAlert({ onReload, testId, title, style = { marginBottom: 16 } }: ConflictProps) {
  const { t } = useTranslation();
  return (
    <Alert
      type="warning"
      showIcon
      style={style}
      title={title ?? t('mask.conflict')}
      action={
        <Button size="small" onClick={() => void onReload()} data-testid={`${testId}-reload`}>
          {t('mask.reload')}
        </Button>
      }
      data-testid={`${testId}-conflict`}
    />
  );
}
