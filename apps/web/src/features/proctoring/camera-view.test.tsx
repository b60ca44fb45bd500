import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CameraView } from './camera-view';
import type { CameraFeed, MonitorStudent } from './monitor-types';

const AT = new Date(2030, 2, 14, 9, 41, 7).getTime();
const STILL = { image: 'data:image/jpeg;base64,AAAA', at: AT };

function student(overrides: Partial<MonitorStudent> = {}): MonitorStudent {
  return {
    id: 'student-1',
    name: 'Asha Patel',
    rollNumber: 'CSE-24-001',
    status: 'IN_PROGRESS',
    isVideoEnabled: true,
    isAudioEnabled: true,
    connectionQuality: 'good',
    warnings: 0,
    lastActivity: AT,
    ...overrides,
  };
}

function show(shown: MonitorStudent, camera?: CameraFeed, withMedia = true) {
  return render(<CameraView student={shown} camera={camera} withMedia={withMedia} />);
}

describe('a camera tile', () => {
  it('plays the live video while its connection is up', () => {
    const stream = { id: 'asha-camera' } as MediaStream;
    show(student(), { stream, snapshot: STILL });

    const video = screen.getByLabelText('Live camera of Asha Patel') as HTMLVideoElement & {
      srcObject: unknown;
    };
    expect(video.tagName).toBe('VIDEO');
    expect(video.srcObject).toBe(stream);
    expect(video.muted).toBe(true);
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
  });

  it('shows the latest still with its time when there is no video', () => {
    show(student(), { stream: null, snapshot: STILL });

    expect(screen.getByRole('img', { name: 'Camera still of Asha Patel' })).toHaveAttribute(
      'src',
      STILL.image,
    );
    expect(screen.getByText('09:41:07')).toHaveAttribute('dateTime', new Date(AT).toISOString());
    expect(screen.getByText(/^Still/)).toBeInTheDocument();
  });

  it('keeps a silent student’s last still, with its time, rather than nothing', () => {
    show(student({ connectionQuality: 'disconnected' }), { stream: null, snapshot: STILL });
    expect(screen.getByRole('img', { name: 'Camera still of Asha Patel' })).toBeInTheDocument();
  });

  it.each([
    ['waiting for the first picture', student(), 'Waiting for video'],
    ['a camera the system check did not find', student({ isVideoEnabled: false }), 'Camera off'],
    ['a student gone silent', student({ connectionQuality: 'disconnected' }), 'Disconnected'],
    ['a student not started', student({ status: 'NOT_STARTED' }), 'Not started'],
    ['a submitted attempt', student({ status: 'SUBMITTED' }), 'Submitted'],
    [
      'an attempt the deadline submitted',
      student({ status: 'SUBMITTED_BY_DEADLINE' }),
      'Submitted',
    ],
  ])('says why there is no picture: %s', (_case, shown, label) => {
    show(shown);
    expect(screen.getByText(label)).toBeInTheDocument();
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
  });

  it('shows a finished attempt as submitted even with a still left over', () => {
    show(student({ status: 'SUBMITTED' }), { stream: null, snapshot: STILL });
    expect(screen.getByText('Submitted')).toBeInTheDocument();
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
  });

  it('shows the initials of a camera that is on in the sample, which has no media', () => {
    show(student(), undefined, false);
    expect(screen.getByText('AP')).toBeInTheDocument();
    expect(screen.getByText('Camera on')).toBeInTheDocument();
  });
});
