import type { ApiData } from '@kontor/contracts/api-responses';
import { toLocale } from '@kontor/contracts';
import { parseMask, type Mask, type MaskProblem } from '@kontor/contracts/masks';
import { Alert, Button, Card, Col, Empty, Form, Input, List, Popconfirm, Row, Space, Table, Tag, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ApiError } from '../../api/errors.js';
import { api } from '../../api/request.js';
import { formatDateTime } from '../../lib/format.js';
import { columnsFor, formItemsFor } from '../../masks/derive.js';
import { FieldControl } from '../../masks/FieldControl.js';
import { notify } from '../../notify/queue.js';

type Detail = ApiData<'GET /v0/masken/detail'>;

/** Problems of the text as the server would find them, for a screen mask; configuration masks need valid JSON. */
function check(text: string): { mask: Mask | null; problems: MaskProblem[] } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    return { mask: null, problems: [{ path: '', message: (err as Error).message }] };
  }
  if (!value || typeof value !== 'object') return { mask: null, problems: [{ path: '', message: 'must be a JSON object or array' }] };
  if (Array.isArray(value) || (value as { kind?: unknown }).kind === undefined) return { mask: null, problems: [] };
  const parsed = parseMask(value);
  return parsed.ok ? { mask: parsed.mask, problems: [] } : { mask: null, problems: parsed.problems };
}

/**
 * `/maske/edit?name=` (issue 4 §4 masken): the JSON of a mask with the schema's problems listed by
 * path as one types, a live preview of its list columns and form, its saved versions, and a reset
 * to the shipped definition. Never kept as a visited tab.
 */
export default function MaskEditPage() {
  const { t, i18n } = useTranslation();
  const locale = toLocale(i18n.language);
  const [params] = useSearchParams();
  const name = params.get('name') ?? '';
  const [detail, setDetail] = useState<Detail | null>(null);
  const [missing, setMissing] = useState(false);
  const [text, setText] = useState('');
  const [saving, setSaving] = useState(false);
  const [serverProblems, setServerProblems] = useState<MaskProblem[]>([]);

  const show = (d: Detail) => {
    setDetail(d);
    setText(d.mask);
    setServerProblems([]);
  };
  useEffect(() => {
    api('GET /v0/masken/detail', { params: { q: name }, expectedCodes: ['NotFound'] }).then(show, () => setMissing(true));
  }, [name]);

  const checked = useMemo(() => check(text), [text]);
  const problems = checked.problems.length ? checked.problems : serverProblems;

  const save = async (route: 'POST /v0/masken/reset' | 'PUT /v0/masken/', data: Record<string, unknown>) => {
    setSaving(true);
    try {
      show(await api(route, { data, quiet: true }));
      notify((n) => n.success(t('mask.saved')));
    } catch (err) {
      if (err instanceof ApiError && err.code === 'IntegrityError') setServerProblems(Object.entries(err.fields).map(([path, message]) => ({ path, message })));
      else if (err instanceof ApiError) notify((n) => n.error(err.code === 'Conflict' ? t('mask.conflict') : err.message));
    } finally {
      setSaving(false);
    }
  };

  if (missing) return <Empty description={t('mask.notFound')} data-testid="mask-edit-missing" />;
  if (!detail) return null;
  // While the text is invalid the preview keeps showing the saved definition.
  const preview = checked.mask ?? check(detail.mask).mask;

  return (
    <Row gutter={[16, 16]} data-testid="mask-editor">
      <Col xs={24} xl={12}>
        <Card
          size="small"
          title={
            <Space>
              <Typography.Text strong>{detail.name}</Typography.Text>
              <Tag>v{detail.version}</Tag>
              {detail.edited && <Tag color="orange">{t('masks.edited')}</Tag>}
            </Space>
          }
          extra={
            <Space>
              {detail.shipped && (
                <Popconfirm
                  title={t('masks.resetConfirm')}
                  onConfirm={() => void save('POST /v0/masken/reset', { name, version: detail.version })}
                  okButtonProps={{ 'data-testid': 'mask-reset-ok' } as Record<string, string>}
                >
                  <Button disabled={saving} data-testid="mask-reset">
                    {t('masks.reset')}
                  </Button>
                </Popconfirm>
              )}
              <Button
                type="primary"
                loading={saving}
                disabled={checked.problems.length > 0 || text === detail.mask}
                onClick={() => void save('PUT /v0/masken/', { name, mask: text, version: detail.version })}
                data-testid="mask-save"
              >
                {t('common.save')}
              </Button>
            </Space>
          }
        >
          {problems.length > 0 && (
            <Alert
              type="error"
              style={{ marginBottom: 8 }}
              title={t('masks.problems')}
              description={
                <ul style={{ margin: 0, paddingLeft: 18 }} data-testid="mask-problems">
                  {problems.slice(0, 20).map((p) => (
                    <li key={`${p.path}:${p.message}`}>
                      <code>{p.path || '(root)'}</code> {p.message}
                    </li>
                  ))}
                </ul>
              }
            />
          )}
          <Input.TextArea
            value={text}
            onChange={(e) => setText(e.target.value)}
            autoSize={{ minRows: 18, maxRows: 30 }}
            spellCheck={false}
            style={{ fontFamily: 'monospace', fontSize: 12 }}
            aria-label={detail.name}
            data-testid="mask-json"
          />
        </Card>
      </Col>
      <Col xs={24} xl={12}>
        <Space direction="vertical" style={{ width: '100%' }} size={16}>
          <Card size="small" title={t('masks.preview')} data-testid="mask-preview">
            {preview && preview.kind === 'list' ? (
              <>
                <Table
                  size="small"
                  pagination={false}
                  dataSource={[]}
                  scroll={{ x: 'max-content' }}
                  columns={columnsFor(preview, locale).map((c) => ({ key: c.key, title: c.title, width: c.width, align: c.align }))}
                />
                <Form layout="vertical" style={{ marginTop: 16 }} disabled>
                  {formItemsFor(preview, locale, 'create').map((spec) => (
                    <Form.Item key={spec.key} label={spec.label} required={spec.field.required}>
                      <FieldControl spec={spec} locale={locale} />
                    </Form.Item>
                  ))}
                </Form>
              </>
            ) : (
              <Typography.Text type="secondary">{t('masks.noPreview')}</Typography.Text>
            )}
          </Card>
          <Card size="small" title={t('masks.history')}>
            <List
              size="small"
              dataSource={detail.history}
              data-testid="mask-history"
              renderItem={(v) => (
                <List.Item
                  actions={[
                    <Button key="load" size="small" type="link" onClick={() => setText(v.definition)}>
                      {t('masks.load')}
                    </Button>,
                  ]}
                >
                  <Space wrap>
                    <Tag>v{v.version}</Tag>
                    <span>{formatDateTime(v.savedAt)}</span>
                    <span>{v.savedBy ?? t('masks.system')}</span>
                    <Tag>{t(`masks.notes.${v.note}`, { defaultValue: v.note })}</Tag>
                  </Space>
                </List.Item>
              )}
            />
          </Card>
        </Space>
      </Col>
    </Row>
  );
}
