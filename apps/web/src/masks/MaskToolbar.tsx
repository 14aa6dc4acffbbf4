import { DownloadOutlined, FilterOutlined, PlusOutlined } from '@ant-design/icons';
import type { Locale } from '@kontor/contracts';
import type { Mask } from '@kontor/contracts/masks';
import { Button, Input, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { ColumnChooserButton, type ChoosableColumn } from '../components/list/column-chooser.js';
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
  columns: { all: ChoosableColumn[]; hidden: string[]; setHidden(hidden: string[]): void };
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
        <ColumnChooserButton {...columns} testId="mask-columns" />
      </Space>
    </Space>
  );
}
