import { Button, Card, Checkbox, Col, Empty, Row, Select, Space, Tag, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ApiError } from '../../api/errors.js';
import { useCan } from '../../masks/can.js';
import { notify } from '../../notify/queue.js';
import { hasScreen } from '../../screens/registry.js';
import { rolesApi, type PrivilegeArea, type Role } from './roles-api.js';
import { roleLabel } from '../../auth/role-label.js';
import { ConflictAlert } from '../../components/FormDrawerParts.js';

/**
 * `/settings/roles/privileges?role=`: the privilege matrix of one role, grouped by area, each
 * privilege with the console screens it opens. The admin role holds every privilege and is shown
 * read-only. A change made meanwhile by someone else is answered with a conflict, not overwritten.
 */
/**
 * Only what exists (issue 15 item 12, docs/decisions.md): a screen privilege is listed when one of its
 * routes has a screen in this console, an action privilege always; an area with nothing left is not
 * listed. Privileges not listed that a role holds are kept when it is saved.
 */
export function existingAreas(areas: PrivilegeArea[]): PrivilegeArea[] {
  return areas
    .map((area) => ({ ...area, privileges: area.privileges.filter((p) => p.routes.length === 0 || p.routes.some(hasScreen)) }))
    .filter((area) => area.privileges.length > 0);
}

export default function PrivilegesPage() {
  const { t } = useTranslation();
  const can = useCan();
  const [params, setParams] = useSearchParams();
  const [roles, setRoles] = useState<Role[]>([]);
  const [areas, setAreas] = useState<PrivilegeArea[] | null>(null);
  const [chosen, setChosen] = useState<{ roleId: number; version: number; set: string[] } | null>(null);
  const [conflict, setConflict] = useState(false);
  const [saving, setSaving] = useState(false);
  const roleId = Number(params.get('role')) || roles[0]?.id;
  const role = roles.find((r) => r.id === roleId);

  useEffect(() => {
    Promise.all([rolesApi.list(), rolesApi.privileges()]).then(
      ([r, a]) => {
        setRoles(r);
        setAreas(existingAreas(a));
      },
      () => setAreas([]),
    );
  }, []);

  // The edited set belongs to the role it was taken from; another role starts from its stored set.
  const selected = useMemo(
    () => new Set(chosen && chosen.roleId === role?.id && chosen.version === role.version ? chosen.set : (role?.privileges ?? [])),
    [chosen, role],
  );
  const readOnly = !role || role.name === 'admin' || !can('sys.roles.edit');
  const dirty = !!role && (selected.size !== role.privileges.length || role.privileges.some((p) => !selected.has(p)));

  const toggle = (names: string[], on: boolean) => {
    if (!role) return;
    const next = new Set(selected);
    names.forEach((n) => (on ? next.add(n) : next.delete(n)));
    setChosen({ roleId: role.id, version: role.version, set: [...next] });
  };

  const save = async () => {
    if (!role) return;
    setSaving(true);
    try {
      const saved = await rolesApi.update(role.id, { privileges: [...selected].sort(), version: role.version });
      setRoles((list) => list.map((r) => (r.id === saved.id ? saved : r)));
      setChosen(null);
      notify((n) => n.success(t('mask.saved')));
    } catch (err) {
      if (err instanceof ApiError && err.code === 'Conflict') setConflict(true);
      else if (err instanceof ApiError) notify((n) => n.error(err.message));
    } finally {
      setSaving(false);
    }
  };

  const reload = async () => {
    setRoles(await rolesApi.list());
    setChosen(null);
    setConflict(false);
  };

  if (!areas) return null;
  if (!role) return <Empty />;
  return (
    <div data-testid="privileges">
      <Space wrap style={{ marginBottom: 12 }}>
        <Select
          value={role.id}
          onChange={(id: number) => setParams({ role: String(id) }, { replace: true })}
          options={roles.map((r) => ({ value: r.id, label: r.builtin ? `${r.name} · ${roleLabel(t, r.name)}` : r.title ? `${r.name} · ${r.title}` : r.name }))}
          style={{ minWidth: 240 }}
          data-testid="privileges-role"
        />
        <Typography.Text type="secondary">{role.name === 'admin' ? t('roles.adminHoldsAll') : t('roles.count', { count: selected.size })}</Typography.Text>
        {!readOnly && (
          <Button type="primary" disabled={!dirty} loading={saving} onClick={() => void save()} data-testid="privileges-save">
            {t('common.save')}
          </Button>
        )}
      </Space>
      {conflict && <ConflictAlert onReload={reload} testId="privileges" style={{ marginBottom: 12 }} />}
      <Row gutter={[12, 12]}>
        {areas.map((area) => {
          const names = area.privileges.map((p) => p.name);
          const held = names.filter((n) => role.name === 'admin' || selected.has(n)).length;
          return (
            <Col key={area.area} xs={24} lg={12} xxl={8}>
              <Card
                size="small"
                title={
                  <Checkbox
                    disabled={readOnly}
                    checked={held === names.length}
                    indeterminate={held > 0 && held < names.length}
                    onChange={(e) => toggle(names, e.target.checked)}
                    data-testid={`area-${area.area}`}
                  >
                    {t(`roles.areas.${area.area}`, { defaultValue: area.area })} ({held}/{names.length})
                  </Checkbox>
                }
              >
                {area.privileges.map((p) => (
                  <div key={p.name} style={{ padding: '2px 0' }}>
                    <Checkbox
                      disabled={readOnly}
                      checked={role.name === 'admin' || selected.has(p.name)}
                      onChange={(e) => toggle([p.name], e.target.checked)}
                      data-testid={`privilege-${p.name}`}
                    >
                      <code>{p.name}</code>
                    </Checkbox>
                    {p.routes.filter(hasScreen).map((path) => (
                      <Tag key={path} style={{ marginInlineStart: 4 }}>
                        {path}
                      </Tag>
                    ))}
                  </div>
                ))}
              </Card>
            </Col>
          );
        })}
      </Row>
    </div>
  );
}
