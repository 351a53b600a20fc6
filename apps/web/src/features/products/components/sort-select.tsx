import { PRODUCT_SORTS, type ProductSort } from '@unimercado/shared/constants';
import { NativeSelectField } from '@/components/form/text-field';
import { SORT_LABELS } from '../messages';

/**
 * The order of a product list, the same options on /search and /products (decision 097);
 * 'Más relevantes' only makes sense with a search text.
 */
export const ProductSortSelect = ({
  value,
  hasSearch,
  onChange,
}: {
  /** The sort in the URL; null shows the list's default. */
  value: ProductSort | null;
  hasSearch: boolean;
  onChange: (sort: ProductSort) => void;
}) => (
  <NativeSelectField
    size="small"
    label="Ordenar por"
    value={value ?? (hasSearch ? 'relevance' : 'newest')}
    onChange={(event) => onChange(event.target.value as ProductSort)}
    sx={{ width: { xs: '100%', sm: 220 } }}
  >
    {PRODUCT_SORTS.filter((sort) => sort !== 'relevance' || hasSearch).map((sort) => (
      <option key={sort} value={sort}>
        {SORT_LABELS[sort]}
      </option>
    ))}
  </NativeSelectField>
);
