import { UploadOutlined } from '@ant-design/icons';
import { LOCALES, type Locale } from '@kontor/contracts';
import { profileUpdateSchema } from '@kontor/contracts/domains/admin';
import { Alert, Avatar, Button, Card, Form, Input, Select, Space } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/errors.js';
import { api } from '../../api/request.js';
import { staticUrl } from '../../api/static-url.js';
import { uploadFile } from '../../api/upload.js';
import { useAuth } from '../../auth/store.js';
import { useSchemaRules } from '../../forms/schema-rules.js';
import { LANGUAGE_NAMES, setLanguage } from '../../i18n/index.js';
import { defaultAvatar } from '../../layout/avatar.js';

interface ProfileForm {
  name: string;
  introduction: string;
  language: Locale | '';
}

/** Name, introduction, preferred language and picture of the signed-in user (`PUT /v0/auth/profile`). */
export function ProfileCard() {
  const { t } = useTranslation();
  const user = useAuth((s) => s.user)!;
  const reload = useAuth((s) => s.reload);
  const [form] = Form.useForm<ProfileForm>();
  const rulesOf = useSchemaRules(profileUpdateSchema);
  const [state, setState] = useState<{ saved?: boolean; error?: string; busy?: boolean }>({});
  const fileInput = useRef<HTMLInputElement>(null);

  const save = async (values: ProfileForm) => {
    setState({ busy: true });
    try {
      const language = values.language || null;
      await api('PUT /v0/auth/profile', { data: { name: values.name.trim(), introduction: values.introduction.trim(), language }, quiet: true });
      if (language) await setLanguage(language);
      await reload();
      setState({ saved: true });
    } catch (err) {
      if (err instanceof ApiError && Object.keys(err.fields).length) {
        form.setFields(Object.entries(err.fields).map(([name, message]) => ({ name: name as keyof ProfileForm, errors: [message] })));
        setState({});
      } else setState({ error: err instanceof ApiError ? err.message : t('error.common') });
    }
  };

  const pickAvatar = async (file: File | undefined) => {
    if (!file) return;
    try {
      await uploadFile('avatar', file);
      await reload();
    } catch {
      /* shown by the upload call */
    } finally {
      if (fileInput.current) fileInput.current.value = '';
    }
  };

  return (
    <Card title={t('personal.profile')}>
      <Space align="center" style={{ marginBottom: 16 }}>
        <Avatar size={64} src={user.avatar ? staticUrl(user.avatar) : defaultAvatar(user.id)} alt="" data-testid="profile-avatar" />
        <Button icon={<UploadOutlined />} onClick={() => fileInput.current?.click()}>
          {t('personal.changePicture')}
        </Button>
        <input
          ref={fileInput}
          type="file"
          accept="image/png,image/jpeg,image/gif,image/webp"
          hidden
          data-testid="avatar-file"
          onChange={(e) => void pickAvatar(e.target.files?.[0])}
        />
      </Space>
      {state.saved && <Alert type="success" showIcon message={t('personal.saved')} style={{ marginBottom: 12 }} />}
      {state.error && <Alert type="error" showIcon message={state.error} style={{ marginBottom: 12 }} />}
      <Form
        form={form}
        layout="vertical"
        onFinish={save}
        initialValues={{ name: user.name, introduction: user.introduction, language: (user.language as Locale | null) ?? '' }}
      >
        <Form.Item label="E-mail">
          <Input value={user.email || user.account} disabled />
        </Form.Item>
        <Form.Item name="name" label={t('personal.name')} rules={rulesOf('name', t('personal.name'))}>
          <Input maxLength={100} data-testid="profile-name" />
        </Form.Item>
        <Form.Item name="introduction" label={t('personal.introduction')} rules={rulesOf('introduction', t('personal.introduction'))}>
          <Input.TextArea rows={3} maxLength={1000} showCount />
        </Form.Item>
        <Form.Item name="language" label={t('personal.language')}>
          <Select
            options={[{ value: '', label: t('personal.browserLanguage') }, ...LOCALES.map((l) => ({ value: l, label: LANGUAGE_NAMES[l] }))]}
            data-testid="profile-language"
          />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={state.busy} data-testid="profile-save">
          {t('common.save')}
        </Button>
      </Form>
    </Card>
  );
}
