import { deviceNameSchema } from '@domain/venue';
import { useState } from 'react';
import { Form, SubmitButton } from '@/components/form/form';
import { FormField } from '@/components/form/form-field';
import { useFieldErrors } from '@/components/form/use-field-errors';
import { useT } from '@/lib/i18n/use-t';
import { nameDevice } from '../utils/device-id';

/**
 * Naming this device, once ("Hall phone 2"): every screen, the admin and the other phones then say
 * which phone did what by this name. Also used to rename it.
 */
export function DeviceNameForm({ current, onDone }: { current: string | null; onDone?: () => void }) {
  const { t } = useT();
  const [name, setName] = useState(current ?? '');
  const form = useFieldErrors();

  function save() {
    const parsed = deviceNameSchema.safeParse(name);
    // The schema's rules, in the page's words: a name is needed, short and plain.
    if (!parsed.success) return form.show({ deviceName: name.trim() ? t('venue.device.invalid') : t('venue.device.missing') });
    nameDevice(parsed.data);
    onDone?.();
  }

  return (
    <Form className="form venue-device-name" onSubmit={save}>
      <FormField
        label={t('venue.device.label')}
        hint={t('venue.device.hint')}
        {...form.field('deviceName')}
      >
        {(control) => (
          <input
            {...control}
            value={name}
            maxLength={40}
            autoComplete="off"
            onChange={(e) => {
              setName(e.target.value);
              form.clear('deviceName');
            }}
          />
        )}
      </FormField>
      <SubmitButton>{current ? t('venue.device.saveNew') : t('venue.device.save')}</SubmitButton>
    </Form>
  );
}
