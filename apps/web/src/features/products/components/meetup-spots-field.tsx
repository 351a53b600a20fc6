import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import { useActiveMeetupSpots } from '../api/get-meetup-spots';
import { PRODUCTS_TEXT } from '../messages';

/** The campus meet-up spots that suit the seller, ticked on the publish and edit forms. */
export const MeetupSpotsField = ({
  value,
  onChange,
  disabled,
}: {
  value: readonly number[] | undefined;
  onChange: (ids: number[]) => void;
  disabled?: boolean;
}) => {
  const spots = useActiveMeetupSpots();
  if (!spots.data?.length) return null;
  const chosen = new Set(value ?? []);
  return (
    <FormControl component="fieldset" disabled={disabled}>
      <FormLabel component="legend">{PRODUCTS_TEXT.meetupSpots}</FormLabel>
      <FormHelperText sx={{ mx: 0 }}>{PRODUCTS_TEXT.meetupSpotsHelp}</FormHelperText>
      <FormGroup>
        {spots.data.map((spot) => (
          <FormControlLabel
            key={spot.id}
            control={
              <Checkbox
                checked={chosen.has(spot.id)}
                onChange={(event) =>
                  onChange(
                    event.target.checked
                      ? [...chosen, spot.id]
                      : [...chosen].filter((id) => id !== spot.id),
                  )
                }
              />
            }
            label={`${spot.name} — ${spot.area}`}
          />
        ))}
      </FormGroup>
    </FormControl>
  );
};
