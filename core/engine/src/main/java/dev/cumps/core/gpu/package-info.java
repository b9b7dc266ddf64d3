/**
 * Concern: GPUs.
 *
 * Main types: {@code GpuUuid} (canonical form, MIG refused), {@code NvidiaSmi} + {@code NvidiaSmiParser} (strict),
 * {@code GpuInventory} (GPUs or a diagnostic), {@code Visibility} ({@code CUDA_VISIBLE_DEVICES}).
 *
 * {@code Gpu} is one GPU as nvidia-smi reports it, {@code GpuQuery} one nvidia-smi query on its own daemon thread, and
 * {@code GpuMessages} the package's texts.
 */
package dev.cumps.core.gpu;
