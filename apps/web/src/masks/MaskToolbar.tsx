import { DownloadOutlined, FilterOutlined, PlusOutlined, SettingOutlined } from '@ant-design/icons';
import type { Locale } from '@kontor/contracts';
import type { Mask } from '@kontor/contracts/masks';
import { Button, Checkbox, Input, Popover, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { filtersFor } from './derive.js';
import { FilterBar } from './FilterBar.js';
import type { ListState } from './list-state.js';

interface Props {
  mask: Mask;
  locale: Locale;
  state: ListState;
  mobile: boolean;
  showFilters: boolean;
  onToggleFilters(): void;
  onSearch(q: string): void;
  onFilter(key: string, value: string | string[] | undefined): void;
  onCreate?: () => void;
  onExport?: () => void;
  columns: { all: Array<{ key: string; title: string }>; hidden: string[]; setHidden(hidden: string[]): void };
}

/** Above a mask list: search, the filters (folded on a phone), create, export and the column chooser. */
export function MaskToolbar({ mask, locale, state, mobile, showFilters, onToggleFilters, onSearch, onFilter, onCreate, onExport, columns }: Props) {
  const { t } = useTranslation();
  const filterCount = Object.keys(state.filters).length;
  return (
    <Space wrap style={{ marginBottom: 12, width: '100%', justifyContent: 'space-between' }}>
      <Space wrap>
        {mask.search && (
          <Input.Search
            allowClear
            placeholder={t('mask.search')}
            defaultValue={state.q}
            onSearch={(q) => onSearch(q.trim())}
            style={{ width: 240 }}
            data-testid="mask-search"
          />
        )}
        {mobile && (
          <Button icon={<FilterOutlined />} onClick={onToggleFilters} data-testid="mask-filters-toggle">
            {t('mask.filters')}
            {filterCount ? ` (${filterCount})` : ''}
          </Button>
        )}
      </Space>
      {showFilters && <FilterBar specs={filtersFor(mask, locale)} locale={locale} values={state.filters} onChange={onFilter} />}
      <Space wrap>
        {onCreate && (
          <Button type="primary" icon={<PlusOutlined />} onClick={onCreate} data-testid="mask-create">
            {t('mask.create')}
          </Button>
        )}
        {onExport && (
          <Button icon={<DownloadOutlined />} onClick={onExport} data-testid="mask-export">
            {t('mask.export')}
          </Button>
        )}
        <Popover content={<ColumnChooser {...columns} />} trigger="click" title={t('mask.columns')}>
          <Button icon={<SettingOutlined />} aria-label={t('mask.columns')} data-testid="mask-columns" />
        </Popover>
      </Space>
    </Space>
  );
}

/** Which columns show; the choice is kept per mask in this browser. */
function ColumnChooser({ all, hidden, setHidden }: Props['columns']) {
  return (
    <Checkbox.Group
      style={{ display: 'grid', gap: 4 }}
      value={all.map((c) => c.key).filter((k) => !hidden.includes(k))}
      onChange={(visible) => setHidden(all.map((c) => c.key).filter((k) => !visible.includes(k)))}
      options={all.map((c) => ({ value: c.key, label: c.title }))}
    />
  );
}
