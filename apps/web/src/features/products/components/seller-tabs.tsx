import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import { useRef, type KeyboardEvent } from 'react';

/**
 * A row of tabs drawn as MUI's Tabs draw them (48 px, button text, the 2 px primary line under the
 * chosen one) without their scroll and indicator machinery (≈6 KB brotli, issue 7's JS budget).
 * The WAI-ARIA tabs pattern: one tab in the tab order, arrows, Home and End move between them.
 */
export const SellerTabs = <T extends string>({
  value,
  tabs,
  onChange,
  label,
}: {
  value: T;
  tabs: readonly { value: T; label: string }[];
  onChange: (value: T) => void;
  label: string;
}) => {
  const list = useRef<HTMLDivElement>(null);
  const onKeyDown = (event: KeyboardEvent) => {
    const buttons = [...(list.current?.querySelectorAll<HTMLElement>('[role="tab"]') ?? [])];
    const current = buttons.indexOf(document.activeElement as HTMLElement);
    const last = buttons.length - 1;
    const next =
      event.key === 'ArrowRight'
        ? current >= last
          ? 0
          : current + 1
        : event.key === 'ArrowLeft'
          ? current <= 0
            ? last
            : current - 1
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : null;
    if (next === null) return;
    event.preventDefault();
    buttons[next]?.focus();
  };
  return (
    <Box
      ref={list}
      role="tablist"
      aria-label={label}
      onKeyDown={onKeyDown}
      sx={{ display: 'flex', minHeight: 48, mb: 2.5, borderBottom: 1, borderColor: 'divider' }}
    >
      {tabs.map((tab) => {
        const selected = tab.value === value;
        return (
          <ButtonBase
            key={tab.value}
            role="tab"
            aria-selected={selected}
            tabIndex={selected ? 0 : -1}
            focusRipple
            onClick={() => onChange(tab.value)}
            sx={{
              typography: 'button',
              lineHeight: 1.25,
              textAlign: 'center',
              whiteSpace: 'normal',
              overflow: 'hidden',
              position: 'relative',
              minWidth: 90,
              maxWidth: 360,
              minHeight: 48,
              px: 2,
              py: 1.5,
              flexShrink: 0,
              color: selected ? 'primary.main' : 'text.secondary',
              '&::after': {
                content: '""',
                position: 'absolute',
                left: 0,
                right: 0,
                bottom: 0,
                height: 2,
                bgcolor: 'primary.main',
                transform: selected ? 'scaleX(1)' : 'scaleX(0)',
                transition: 'transform 300ms cubic-bezier(0.4, 0, 0.2, 1)',
              },
            }}
          >
            {tab.label}
          </ButtonBase>
        );
      })}
    </Box>
  );
};
