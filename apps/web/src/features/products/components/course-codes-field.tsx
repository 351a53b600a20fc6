import Autocomplete from '@mui/material/Autocomplete';
import Chip from '@mui/material/Chip';
import { COURSE_CODE_MAX_LENGTH, MAX_COURSE_CODES } from '@unimercado/shared/constants';
import { PRODUCT_MESSAGES } from '@unimercado/shared/schemas/product-messages';
import { normalizeCourseCode } from '@unimercado/shared/schemas/products';
import { useState } from 'react';
import { TextField } from '@/components/form/text-field';
import { useCourseCatalog } from '../api/get-course-catalog';
import { PRODUCTS_TEXT } from '../messages';

/** Why `code` cannot be added, or null: the university's format and list (decision 095). */
const courseProblem = (
  code: string,
  catalog: { pattern: string; isClosedList: boolean; codes: string[] } | undefined,
) => {
  if (code.length > COURSE_CODE_MAX_LENGTH) return PRODUCT_MESSAGES.courseTooLong;
  if (!catalog) return null;
  if (!new RegExp(catalog.pattern, 'u').test(code)) return PRODUCT_MESSAGES.courseFormat(code);
  if (catalog.isClosedList && !catalog.codes.includes(code)) {
    return PRODUCT_MESSAGES.courseUnknown(code);
  }
  return null;
};

/**
 * The listing's course codes as chips (MUI Autocomplete, free text): a code is added on Enter,
 * comma or choosing a suggestion, upper-cased, checked against the university's format; a wrong
 * one stays in the box with the reason under it. Loaded with the product form only.
 */
export const CourseCodesField = ({
  value,
  onChange,
  disabled = false,
  error,
}: {
  value: readonly string[];
  onChange: (codes: string[]) => void;
  disabled?: boolean;
  /** The API's message about the codes. */
  error?: string | undefined;
}) => {
  const catalog = useCourseCatalog();
  const [input, setInput] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const isFull = value.length >= MAX_COURSE_CODES;

  const accept = (codes: readonly string[]) => {
    const normalized = [...new Set(codes.map(normalizeCourseCode).filter(Boolean))];
    const wrong = normalized
      .map((code) => courseProblem(code, catalog.data))
      .find((message) => message !== null);
    if (wrong) {
      setProblem(wrong);
      return;
    }
    if (normalized.length > MAX_COURSE_CODES) {
      setProblem(PRODUCT_MESSAGES.tooManyCourses);
      return;
    }
    setProblem(null);
    setInput('');
    onChange(normalized);
  };

  const message = problem ?? error;
  return (
    <Autocomplete
      multiple
      freeSolo
      disabled={disabled}
      options={catalog.data?.codes ?? []}
      value={[...value]}
      inputValue={input}
      onInputChange={(_event, text, reason) => {
        // A comma ends a code, as Enter does.
        if (reason === 'input' && text.includes(',')) {
          accept([...value, ...text.split(',')]);
          return;
        }
        if (reason !== 'reset') setInput(text);
        setProblem(null);
      }}
      onChange={(_event, codes) => accept(codes)}
      filterSelectedOptions
      renderValue={(codes, getItemProps) =>
        codes.map((code, index) => {
          const { key, ...itemProps } = getItemProps({ index });
          return <Chip key={key} label={code} size="small" {...itemProps} />;
        })
      }
      renderInput={(params) => (
        <TextField
          {...params}
          label={PRODUCTS_TEXT.coursesLabel}
          name="courseCodes"
          placeholder={isFull ? undefined : PRODUCTS_TEXT.coursesPlaceholder}
          error={Boolean(message)}
          helperText={message ?? PRODUCTS_TEXT.coursesHelp}
          slotProps={{
            ...params.slotProps,
            htmlInput: {
              ...params.slotProps.htmlInput,
              maxLength: COURSE_CODE_MAX_LENGTH + 1,
              autoCapitalize: 'characters',
            },
          }}
        />
      )}
    />
  );
};
