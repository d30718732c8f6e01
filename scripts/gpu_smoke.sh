#!/usr/bin/env bash
# GPU smoke check of cuagym's verl integration: a few GSPO steps of verl 0.9 (V1 trainer, vLLM
# rollout, FSDP actor) through the cuagym agent loop, on a tiny Qwen2-VL built in code and two
# bundles of the test corpus (a desktop file task and a web team-chat task).
#
#   bash scripts/gpu_smoke.sh            # from the repository root, on a machine with a GPU
#
# Self-contained: it makes its own virtualenv (SMOKE_VENV, default /tmp/cuagym-gpu-smoke/venv)
# and installs verl's vLLM stack and cuagym from PyPI — or, with WHEELHOUSE=DIR, only from the
# wheels in DIR (offline). It needs one CUDA GPU, Python >= 3.11, and the Debian packages the
# environments use (installed with apt-get when run as root and missing). Every stage prints one
# "PASS <stage>" or "FAIL <stage>: why" line; the last line is "PASS gpu_smoke" or "FAIL
# gpu_smoke". Budget: under 8 minutes with a warm pip cache (the first install downloads ~4 GB).
set -uo pipefail

REPO=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
WORK=${SMOKE_WORK:-/tmp/cuagym-gpu-smoke}
VENV=${SMOKE_VENV:-$WORK/venv}
PY=${PYTHON:-python3}
STEPS=${SMOKE_STEPS:-3}
LOG=$WORK/logs
mkdir -p "$WORK" "$LOG"
START=$(date +%s)

pass() { echo "PASS $1"; }
fail() {
  echo "FAIL $1: $2"
  echo "FAIL gpu_smoke (after $(($(date +%s) - START)) s; logs in $LOG)"
  exit 1
}
run() {  # run STAGE LOGFILE CMD...: a stage's output goes to its log; its tail shows on failure
  local stage=$1 logfile=$LOG/$2
  shift 2
  if ! "$@" >"$logfile" 2>&1; then
    tail -n 40 "$logfile"
    fail "$stage" "exit $? (see $logfile)"
  fi
}

# 1. the GPU
command -v nvidia-smi >/dev/null || fail gpu "nvidia-smi not found"
nvidia-smi --query-gpu=name,memory.total --format=csv,noheader >"$LOG/gpu.txt" 2>&1 \
  || fail gpu "nvidia-smi sees no GPU"
pass "gpu $(head -n1 "$LOG/gpu.txt")"

# 2. system packages of the environments (sandbox, virtual display, file manager, browser)
APT="bubblewrap util-linux xvfb xdotool x11-utils x11-xserver-utils matchbox-window-manager pcmanfm chromium fonts-dejavu-core python3-venv"
missing=""
for p in $APT; do dpkg -s "$p" >/dev/null 2>&1 || missing="$missing $p"; done
if [ -n "$missing" ]; then
  [ "$(id -u)" = 0 ] || fail apt "missing Debian packages:$missing (run as root or install them)"
  run apt apt.log bash -c "apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $missing"
fi
pass apt

# 3. the virtualenv: verl's vLLM stack (it pins torch, vLLM and transformers), then cuagym
PIP_SRC=()
if [ -n "${WHEELHOUSE:-}" ]; then PIP_SRC=(--no-index --find-links "$WHEELHOUSE"); fi
if [ ! -x "$VENV/bin/python" ]; then
  run venv venv.log "$PY" -m venv "$VENV"
fi
VPY=$VENV/bin/python
run pip pip.log bash -c "'$VPY' -m pip install -q ${PIP_SRC[*]:-} 'verl[vllm]==0.9.1' \
  && '$VPY' -m pip install -q ${PIP_SRC[*]:-} -e '$REPO[train,office,gui,browser]'"
"$VPY" -c "import torch, vllm, verl; assert torch.cuda.is_available()" >"$LOG/import.log" 2>&1 \
  || { tail -n 20 "$LOG/import.log"; fail imports "torch/vllm/verl do not import or see no GPU"; }
pass "venv $("$VPY" -c 'import torch, vllm, verl, transformers as t; print(f"torch {torch.__version__} vllm {vllm.__version__} verl {verl.__version__} transformers {t.__version__}")')"

# 4. the sandbox's image (the Python that task scripts run with)
run image image.log "$VPY" -m cuagym.sandbox.image build -q
pass image

# 5. a tiny Qwen2-VL (head size 64, two layers) and three bundles as verl's dataset (one held
#    out for val.parquet, two to train on: one batch of 2 prompts)
run model model.log "$VPY" -c "from cuagym.rl import save_tiny_vlm; save_tiny_vlm('$WORK/model', hidden=256, heads=4)"
rm -rf "$WORK/corpus" && mkdir -p "$WORK/corpus"
for b in files-csv-dedupe team-chat--set-channel-topic--0 team-chat--send-direct-message--1; do
  cp -r "$REPO/tests/synth/bundles/final/$b" "$WORK/corpus/" || fail data "bundle $b not found"
done
run data data.log "$VENV/bin/cuagym" export verl "$WORK/corpus" --out "$WORK/data"
pass "model and data ($WORK/model, $WORK/data)"

# 6. GSPO through verl: the paper-gspo preset scaled to one GPU (synchronous V1 trainer,
#    colocated rollout), 2 prompts x 2 rollouts per step, short episodes
rm -rf "$WORK/run"
run train train.log timeout 420 "$VENV/bin/cuagym" train --preset paper-gspo \
  --model "$WORK/model" --data "$WORK/data" --run-dir "$WORK/run" --engine vllm \
  --nnodes 1 --gpus-per-node 1 --rollout-nnodes 0 --max-steps 4 -- \
  trainer.v1.trainer_mode=sync actor_rollout_ref.hybrid_engine=True \
  actor_rollout_ref.rollout.checkpoint_engine.backend=naive \
  data.train_batch_size=2 actor_rollout_ref.actor.ppo_mini_batch_size=2 \
  actor_rollout_ref.rollout.n=2 trainer.total_training_steps="$STEPS" \
  actor_rollout_ref.rollout.tensor_model_parallel_size=1 \
  actor_rollout_ref.rollout.gpu_memory_utilization=0.3 \
  actor_rollout_ref.rollout.max_model_len=32768 actor_rollout_ref.rollout.response_length=24576 \
  data.max_response_length=24576 actor_rollout_ref.actor.ppo_max_token_len_per_gpu=32768 \
  actor_rollout_ref.rollout.log_prob_max_token_len_per_gpu=32768 \
  actor_rollout_ref.rollout.agent.num_workers=1 \
  +actor_rollout_ref.model.override_config.attn_implementation=sdpa \
  trainer.test_freq=-1 trainer.save_freq=-1
steps=$(grep -cE "step:[0-9]+" "$LOG/train.log" || true)
[ "$steps" -ge "$STEPS" ] || fail train "verl logged $steps of $STEPS training steps (see $LOG/train.log)"
grep -E "step:$STEPS " "$LOG/train.log" | tail -n 1 | tr ' ' '\n' \
  | grep -E "^(actor/pg_loss|critic/score/mean|response_length/mean|actor/grad_norm):" || true
pass "train ($steps GSPO steps of verl with the cuagym agent loop)"

echo "PASS gpu_smoke ($(($(date +%s) - START)) s)"
